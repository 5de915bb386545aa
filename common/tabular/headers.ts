// Column headers of imported files: one normaliser and one synonym-based mapping guess for every
// importer (applications, people, usage, statements).

/** A header reduced to plain lower-case words: "Next_Renewal-Date (UTC)" → "next renewal date", "Empfänger" → "empfanger". */
export function normalizeHeader(header: string): string {
  const words = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  // A unit or note in brackets does not name the column ("Cost (EUR)"), unless it is all there is.
  return words(header.replace(/\(.*?\)/g, ' ')) || words(header);
}

/** What two headers must share to be the same: "E-mail", "email" and "E Mail" are one key. */
export const headerKey = (header: string) => normalizeHeader(header).replaceAll(' ', '');

export interface SuggestOptions {
  /**
   * `synonyms` (default): each field takes the column named by its earliest synonym, fields in the
   * order given (a "Transaction Date" beats a "Date"). `columns`: each column, left to right, goes to
   * the field it names, the first column winning (spreadsheets put the main figure first).
   */
  order?: 'synonyms' | 'columns';
  /** With `columns`: also match headers that start or end with a synonym ("Annual Cost (EUR)" → cost). */
  fuzzy?: boolean;
}

/** The column index each field is suggested to read, from header synonyms; each column used once. */
export function suggestMapping<F extends string>(
  headers: readonly string[],
  synonyms: Record<F, readonly string[]>,
  options: SuggestOptions = {},
): Partial<Record<F, number>> {
  const fields = Object.keys(synonyms) as F[];
  const keys = headers.map(headerKey);
  const mapping: Partial<Record<F, number>> = {};
  const used = new Set<number>();
  const assign = (field: F, index: number) => {
    mapping[field] = index;
    used.add(index);
  };
  if (options.order !== 'columns') {
    for (const field of fields) {
      for (const synonym of synonyms[field]) {
        const key = headerKey(synonym);
        const index = keys.findIndex((k, i) => k === key && !used.has(i));
        if (index >= 0) {
          assign(field, index);
          break;
        }
      }
    }
    return mapping;
  }
  const exact = new Map<string, F>();
  for (const field of fields) {
    for (const synonym of synonyms[field])
      if (!exact.has(headerKey(synonym))) exact.set(headerKey(synonym), field);
  }
  headers.forEach((header, index) => {
    if (!keys[index]) return;
    const field = exact.get(keys[index]) ?? (options.fuzzy ? fuzzyField(header, synonyms) : null);
    if (field && mapping[field] === undefined) assign(field, index);
  });
  return mapping;
}

/** The field of the longest synonym (4+ letters) a header starts or ends with, or holds as words. */
function fuzzyField<F extends string>(header: string, synonyms: Record<F, readonly string[]>): F | null {
  const h = normalizeHeader(header);
  let best: { field: F; length: number } | null = null;
  for (const field of Object.keys(synonyms) as F[]) {
    for (const raw of synonyms[field]) {
      const synonym = normalizeHeader(raw);
      if (synonym.length < 4 || (best && synonym.length <= best.length)) continue;
      if (h.startsWith(`${synonym} `) || h.endsWith(` ${synonym}`) || h.includes(` ${synonym} `)) {
        best = { field, length: synonym.length };
      }
    }
  }
  return best?.field ?? null;
}

/** Whether a cell is a header any field names (bank exports start with account details, not headers). */
export function isKnownHeader<F extends string>(
  cell: string,
  synonyms: Record<F, readonly string[]>,
): boolean {
  const key = headerKey(cell);
  return (
    key !== '' &&
    Object.values<readonly string[]>(synonyms).some((words) => words.some((w) => headerKey(w) === key))
  );
}

/** A field → column-index mapping as field → header name (the people and usage contracts name columns). */
export function mappingByHeader<F extends string>(
  headers: readonly string[],
  mapping: Partial<Record<F, number>>,
): Partial<Record<F, string>> {
  const named: Partial<Record<F, string>> = {};
  for (const [field, index] of Object.entries(mapping) as Array<[F, number]>) named[field] = headers[index];
  return named;
}
