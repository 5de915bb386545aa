// The comparable form of a merchant string: what rules, discovery and duplicate checks compare.
import { merchantWords } from '../../../../common/catalog/merchant-normalize';
import { normalizeText } from '../../../../common/catalog/normalize';

/** Upper-case cleaned words: 'SQ *ACME ANALYTICS 415-555-0100 CA' → 'ACME ANALYTICS'. */
export function merchantKeyOf(merchant: string): string {
  const words = merchantWords(merchant.slice(0, 300));
  if (words.length > 0) return words.join(' ').slice(0, 200);
  // Only digits and noise: keep the text itself so it still groups with its twins.
  return normalizeText(merchant).toUpperCase().slice(0, 200) || merchant.trim().toUpperCase().slice(0, 200);
}

/** 'ACME ANALYTICS' → 'Acme Analytics', for display when nothing better is known. */
export function displayNameOf(key: string): string {
  return key
    .toLowerCase()
    .split(' ')
    .map((w) => (w.length <= 2 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}

/** Words of a name, for finding an application's name inside a merchant string. */
export function nameWords(name: string): string[] {
  return normalizeText(name).toUpperCase().split(' ').filter(Boolean);
}
