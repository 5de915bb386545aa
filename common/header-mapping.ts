// Suggests which column of an uploaded file holds which field, from header synonyms.

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Suggests a mapping field → header from synonyms (case, spaces and punctuation ignored); each
 * header is used at most once, the first synonym that matches wins.
 */
export function suggestMapping<F extends string>(
  headers: string[],
  synonyms: Record<F, readonly string[]>,
): Partial<Record<F, string>> {
  const byKey = new Map(headers.map((h) => [normalise(h), h]));
  const used = new Set<string>();
  const mapping: Partial<Record<F, string>> = {};
  for (const field of Object.keys(synonyms) as F[]) {
    for (const synonym of synonyms[field]) {
      const header = byKey.get(normalise(synonym));
      if (header && !used.has(header)) {
        mapping[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return mapping;
}
