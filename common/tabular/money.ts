// Money in imported cells: currencies named by ISO code or symbol, and the decimal separator a
// file uses (the amounts themselves go through common/money's toMinor).
import { isCurrencyCode } from '../money';

const SYMBOLS: Array<[string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['A$', 'AUD'],
  ['AU$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['S$', 'SGD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₺', 'TRY'],
  ['₪', 'ILS'],
  ['₫', 'VND'],
  ['₱', 'PHP'],
  ['฿', 'THB'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
  ['₴', 'UAH'],
  ['₦', 'NGN'],
];

/** The currency named in an amount or currency cell: an ISO code or a symbol ("$" means `dollarDefault`). */
export function currencyIn(text: string, dollarDefault: string): string | null {
  const upper = text.toUpperCase();
  const code = /(?:^|[^A-Z])([A-Z]{3})(?:[^A-Z]|$)/.exec(upper)?.[1];
  if (code && isCurrencyCode(code)) return code;
  for (const [symbol, iso] of SYMBOLS) if (text.includes(symbol)) return iso;
  if (text.includes('$')) return dollarDefault;
  return null;
}

const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN', 'TWD']);

/** What a bare "$" means to an organization: its own currency when that is a dollar, else USD. */
export function dollarCurrencyFor(orgCurrency: string): string {
  return DOLLARS.has(orgCurrency) ? orgCurrency : 'USD';
}

const COMMA_DECIMAL = /\d,\d{1,2}(?!\d)\s*[^\d]*$/;
const POINT_DECIMAL = /\d\.\d{1,2}(?!\d)\s*[^\d]*$/;

/**
 * The decimal separator most amount cells use ("1.234,56" → comma); when they do not tell,
 * `fallback` (a semicolon-separated file is usually a comma-decimal one).
 */
export function detectDecimalSeparator(values: string[], fallback: '.' | ','): '.' | ',' {
  let comma = 0;
  let dot = 0;
  for (const v of values) {
    if (COMMA_DECIMAL.test(v) && !POINT_DECIMAL.test(v)) comma++;
    else if (POINT_DECIMAL.test(v)) dot++;
  }
  if (comma !== dot) return comma > dot ? ',' : '.';
  return fallback;
}
