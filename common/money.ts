// Money is an integer of minor units plus an ISO 4217 currency, never a float. Parsing and rounding
// work on decimal strings and BigInt so no binary floating-point error creeps in.

/** Supported ISO 4217 currencies and their minor-unit exponent (digits after the decimal point). */
// prettier-ignore
export const CURRENCIES = {
  USD: 2, EUR: 2, GBP: 2, JPY: 0, CHF: 2, CAD: 2, AUD: 2, NZD: 2, SEK: 2, NOK: 2,
  DKK: 2, ISK: 0, PLN: 2, CZK: 2, HUF: 2, RON: 2, TRY: 2, UAH: 2, INR: 2, PKR: 2,
  BRL: 2, MXN: 2, ARS: 2, CLP: 0, COP: 2, PEN: 2, KRW: 0, CNY: 2, HKD: 2, TWD: 2,
  SGD: 2, MYR: 2, THB: 2, IDR: 2, PHP: 2, VND: 0, ZAR: 2, NGN: 2, KES: 2, EGP: 2,
  ILS: 2, AED: 2, SAR: 2, QAR: 2, KWD: 3, BHD: 3, OMR: 3, JOD: 3,
} as const satisfies Record<string, 0 | 2 | 3>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as readonly CurrencyCode[];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

function currencyCode(currency: string): CurrencyCode {
  const code = typeof currency === 'string' ? currency.toUpperCase() : currency;
  if (!isCurrencyCode(code)) throw new RangeError(`Unsupported currency: ${JSON.stringify(currency)}`);
  return code;
}

/** Digits after the decimal point (USD 2, JPY 0, KWD 3), case-insensitive; RangeError when unsupported. */
export function minorUnitDigits(currency: string): number {
  return CURRENCIES[currencyCode(currency)];
}

function assertMinor(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer, got ${String(value)}`);
}

function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Amount out of range: ${value.toString()}`);
  return n === 0 ? 0 : n; // never -0
}

/** minor × numerator ÷ denominator, computed exactly and rounded half away from zero. */
export function mulDivMinor(minor: number, numerator: number, denominator: number): number {
  assertMinor('minor', minor);
  assertMinor('numerator', numerator);
  assertMinor('denominator', denominator);
  if (denominator === 0) throw new RangeError('denominator must not be 0');
  let top = BigInt(minor) * BigInt(numerator);
  let bottom = BigInt(denominator);
  if (bottom < 0n) [top, bottom] = [-top, -bottom];
  const magnitude = top < 0n ? -top : top;
  const rounded = magnitude / bottom + (2n * (magnitude % bottom) >= bottom ? 1n : 0n);
  return toSafeNumber(top < 0n ? -rounded : rounded);
}

/** Exact sum of minor-unit integers; RangeError on a non-integer or a total beyond the safe range. */
export function sumMinor(values: Iterable<number>): number {
  let total = 0n;
  for (const value of values) {
    assertMinor('value', value);
    total += BigInt(value);
  }
  return toSafeNumber(total);
}

interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

// The shortest round-tripping decimal of a finite number (1.005 → '1.005', 1e-7 → '0.0000001').
function numberToDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Invalid amount: ${String(value)}`);
  const text = String(Math.abs(value));
  const exp = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  let plain = text;
  if (exp) {
    const digits = exp[1] + (exp[2] ?? '');
    const point = exp[1].length + Number(exp[3]);
    if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
    else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
    else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const [int, frac = ''] = plain.split('.');
  return { negative: value < 0, int, frac };
}

const PREFIX = /^(?:[\p{L}\p{Sc}\s]+|[-−+(])/u;
const SUFFIX = /(?:[\p{L}\p{Sc}\s]+|[-−+)])$/u;
const SIGN = /^[-−+()]$/u;
// A space or apostrophe is a thousands group only between a digit and exactly three digits.
const DIGIT_GROUP_SPACE = /(?<=\d)[\s'’](?=\d{3}(?!\d))/gu;

function count(s: string, c: string): number {
  let n = 0;
  for (let at = s.indexOf(c); at >= 0; at = s.indexOf(c, at + 1)) n += 1;
  return n;
}

// The decimal separator of a bare number, or null when it has no fraction ('1,234', '1.234.567').
function detectDecimal(s: string): '.' | ',' | null {
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  if (dot >= 0) return count(s, '.') > 1 ? null : '.';
  if (comma >= 0) return count(s, ',') > 1 || /^[1-9]\d{0,2},\d{3}$/.test(s) ? null : ',';
  return null;
}

// Groups of three ('1,234,567') or Indian lakh/crore groups ('12,34,567'); the last group has three.
// Built once: parsing runs per cell on 10,000-row imports.
const GROUPED_INT = {
  '.': /^(?:\d*|\d{1,3}(?:\.\d{2,3})*\.\d{3})$/,
  ',': /^(?:\d*|\d{1,3}(?:,\d{2,3})*,\d{3})$/,
} as const;

function parseAmount(input: string, decimalSeparator: '.' | ',' | undefined): Decimal {
  const invalid = () => new RangeError(`Invalid amount: ${JSON.stringify(input)}`); // lazily: stacks cost
  let body = input.trim();
  let signs = '';
  for (let m = PREFIX.exec(body); m; m = PREFIX.exec(body)) {
    if (SIGN.test(m[0])) signs += m[0];
    body = body.slice(m[0].length);
  }
  for (let m = SUFFIX.exec(body); m; m = SUFFIX.exec(body)) {
    if (SIGN.test(m[0])) signs += m[0];
    body = body.slice(0, -m[0].length);
  }
  // Most cells carry no sign: skip counting then (this runs per amount cell of big imports).
  const parens = signs ? count(signs, '(') : 0;
  const minus = signs ? count(signs, '-') + count(signs, '−') : 0;
  if (signs && (parens !== count(signs, ')') || parens + minus + count(signs, '+') > 1)) throw invalid();
  const bare = body.replace(DIGIT_GROUP_SPACE, '');
  if (!/^[\d.,]*\d[\d.,]*$/.test(bare)) throw invalid();
  const decimal = decimalSeparator ?? detectDecimal(bare);
  const at = decimal === null ? -1 : bare.lastIndexOf(decimal);
  const int = at < 0 ? bare : bare.slice(0, at);
  const frac = at < 0 ? '' : bare.slice(at + 1);
  const group = decimal === '.' ? ',' : decimal === ',' ? '.' : bare.includes('.') ? '.' : ',';
  const groupedInt = GROUPED_INT[group];
  if (!groupedInt.test(int) || !/^\d*$/.test(frac)) throw invalid();
  return { negative: parens + minus > 0, int: int.split(group).join(''), frac };
}

export interface ToMinorOptions {
  /** Force the decimal separator when the input's convention is known (e.g. a German bank export). */
  decimalSeparator?: '.' | ',';
}

/**
 * Decimal amount → integer minor units, exactly; extra fraction digits round half away from zero.
 * Strings may carry currency symbols or codes, thousands groups ('1,234.56', '1.234,56', "1'234.50",
 * '1 234,56'), a sign ('-12.5', '12.50-') or accounting parentheses ('(12.50)'). A lone comma before
 * exactly three digits is a thousands group ('1,234' = 1234); otherwise a lone comma is a decimal comma.
 */
export function toMinor(value: string | number, currency: string, options: ToMinorOptions = {}): number {
  const digits = minorUnitDigits(currency);
  if (typeof value !== 'number' && typeof value !== 'string') throw new RangeError('Invalid amount');
  const { negative, int, frac } =
    typeof value === 'number' ? numberToDecimal(value) : parseAmount(value, options.decimalSeparator);
  const kept = frac.padEnd(digits, '0').slice(0, digits);
  const roundUp = frac.length > digits && frac[digits] >= '5';
  const magnitude = BigInt(`${int}${kept}` || '0') + (roundUp ? 1n : 0n);
  return toSafeNumber(negative ? -magnitude : magnitude);
}

/** Minor units → plain decimal string with the currency's digits: (-123456, 'USD') → '-1234.56'. */
export function toDecimalString(minor: number, currency: string): string {
  assertMinor('minor', minor);
  const digits = minorUnitDigits(currency);
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const text = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return minor < 0 ? `-${text}` : text;
}

/** Minor units → major-unit number, for charts and arithmetic-free display only: (1250, 'USD') → 12.5. */
export function fromMinor(minor: number, currency: string): number {
  assertMinor('minor', minor);
  const value = minor / 10 ** minorUnitDigits(currency);
  return value === 0 ? 0 : value;
}

export interface FormatMoneyOptions {
  /** Short notation for charts and tiles: '$1.2K', '$3.4M'. */
  compact?: boolean;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** Localised currency text of a minor-unit amount; en-US US dollars by default ('$1,234.56'). */
export function formatMoney(
  minor: number,
  currency = 'USD',
  locale = 'en-US',
  options: FormatMoneyOptions = {},
): string {
  const code = currencyCode(currency);
  const compact = options.compact === true;
  const key = `${locale}|${code}|${compact ? 'compact' : 'standard'}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    const digits = CURRENCIES[code];
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      ...(compact
        ? { notation: 'compact' }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    moneyFormatters.set(key, formatter);
  }
  // A decimal string keeps amounts beyond 2^53 / 100 exact (Intl.NumberFormat v3).
  return formatter.format(toDecimalString(minor, code) as `${number}`);
}

/** Money for messages; an unknown stored currency shows as its code rather than failing the message. */
export function formatAmount(minor: number, currency: string): string {
  try {
    return formatMoney(minor, currency);
  } catch {
    return `${currency} ${minor}`;
  }
}
