import { toMinor } from '@common/money';

/** A typed amount ('1,234.50', '12,5') in minor units, or null when it is not a number. */
export function parseAmountInput(text: string, currency: string): number | null {
  if (!text.trim()) return null;
  try {
    return toMinor(text, currency);
  } catch {
    return null;
  }
}

/** Minor units → the plain decimal an input shows (no grouping). */
export function amountInputValue(minor: number, digits = 2): string {
  return (minor / 10 ** digits).toFixed(digits);
}
