// Text normalisation shared by the catalogue search and the card-statement matcher.

const DIACRITICS = /[\u0300-\u036f]/g;

/** Lower-case, accent-free, punctuation-free words: 'Monday.com' → 'monday com', "O'Reilly" → 'oreilly'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function tokenize(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

/** The words run together: 'g suite' → 'gsuite'. */
export function compact(normalized: string): string {
  return normalized.replace(/ /g, '');
}
