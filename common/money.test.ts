import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  formatMoney,
  fromMinor,
  isCurrencyCode,
  minorUnitDigits,
  mulDivMinor,
  sumMinor,
  toDecimalString,
  toMinor,
} from './money';

const MAX = Number.MAX_SAFE_INTEGER;
const NBSP = '\u00a0';

describe('CURRENCIES', () => {
  it('lists at least 25 ISO 4217 codes with exponent 0, 2 or 3', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(CURRENCIES[code]);
      expect(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: code })).not.toThrow();
    }
  });

  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['CHF', 2],
    ['CAD', 2],
    ['AUD', 2],
    ['SEK', 2],
    ['NOK', 2],
    ['DKK', 2],
    ['INR', 2],
    ['BRL', 2],
    ['KRW', 0],
    ['CLP', 0],
    ['ISK', 0],
    ['VND', 0],
    ['HUF', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['usd', 2],
    ['jpy', 0],
  ])('minorUnitDigits(%s) = %i', (code, digits) => expect(minorUnitDigits(code)).toBe(digits));

  it.each(['XXX', '', 'US', 'DOLLARS', 'toString'])('minorUnitDigits(%j) throws', (code) => {
    expect(() => minorUnitDigits(code)).toThrow(RangeError);
  });

  it.each([
    ['USD', true],
    ['KWD', true],
    ['usd', false],
    ['XYZ', false],
    ['toString', false],
    [840, false],
    [null, false],
  ])('isCurrencyCode(%j) = %s', (value, expected) => expect(isCurrencyCode(value)).toBe(expected));
});

describe('toMinor (strings)', () => {
  it.each<[string, string, number]>([
    ['1,234.56', 'USD', 123456],
    ['1.234,56', 'EUR', 123456],
    ['-12.5', 'USD', -1250],
    ['(12.50)', 'USD', -1250],
    ['42', 'USD', 4200],
    ['  42  ', 'USD', 4200],
    ['0', 'USD', 0],
    ['000123.40', 'USD', 12340],
    ['0.1', 'USD', 10],
    ['0.30', 'USD', 30],
    ['.5', 'USD', 50],
    ['12.', 'USD', 1200],
    ['+12.50', 'USD', 1250],
    // Thousands groups and decimal commas.
    ['1,234', 'USD', 123400],
    ['1,234,567', 'USD', 123456700],
    ['1.234.567', 'EUR', 123456700],
    ['1,234,567.89', 'USD', 123456789],
    ['1.234.567,89', 'EUR', 123456789],
    ['12,5', 'EUR', 1250],
    ['12,50', 'EUR', 1250],
    ['0,99', 'EUR', 99],
    ['0,123', 'EUR', 12], // a leading zero cannot start a thousands group
    ['1234,567', 'EUR', 123457], // four leading digits: a decimal comma
    ["1'234.50", 'CHF', 123450],
    ['1’234.50', 'CHF', 123450],
    ['1 234,56', 'EUR', 123456],
    [`1${NBSP}234${NBSP}567,89`, 'EUR', 123456789],
    ['1\u202f234,56', 'EUR', 123456], // narrow no-break space (fr-FR)
    ['₹1,23,456.78', 'INR', 12345678], // Indian lakh grouping
    ['12,34,56,789', 'INR', 123456789_00],
    // Currency symbols, codes and signs around the number.
    ['$1,234.56', 'USD', 123456],
    ['USD 1,234.56', 'USD', 123456],
    ['1,234.56 USD', 'USD', 123456],
    ['1.234,56 €', 'EUR', 123456],
    ['€1.234,56', 'EUR', 123456],
    ['R$ 1.234,56', 'BRL', 123456],
    ['kr 12,50', 'SEK', 1250],
    ['-$12.50', 'USD', -1250],
    ['$-12.50', 'USD', -1250],
    ['- 12.50', 'USD', -1250],
    ['−12.50', 'USD', -1250], // U+2212 minus sign
    ['12.50-', 'USD', -1250], // trailing minus (bank exports)
    ['($12.50)', 'USD', -1250],
    ['$(12.50)', 'USD', -1250],
    ['(USD 1,234.56)', 'USD', -123456],
    [' ( 1,234.56 ) ', 'USD', -123456],
    // Extra fraction digits round half away from zero, exactly.
    ['1.005', 'USD', 101],
    ['1.004', 'USD', 100],
    ['-1.005', 'USD', -101],
    ['0.005', 'USD', 1],
    ['0.0049', 'USD', 0],
    ['2.675', 'USD', 268],
    ['1.2345', 'KWD', 1235],
    ['12.5', 'KWD', 12500],
    ['90071992547409.91', 'USD', MAX],
    // Zero-decimal currencies.
    ['¥1,234', 'JPY', 1234],
    ['1234', 'JPY', 1234],
    ['1,234.5', 'JPY', 1235],
    ['1,234.4', 'JPY', 1234],
    ['-¥500', 'JPY', -500],
    ['(¥1,000)', 'JPY', -1000],
    ['￥12,000', 'JPY', 12000],
    ['₩1,000,000', 'KRW', 1000000],
    ['1.234', 'JPY', 1], // a lone '.' is a decimal point; pass decimalSeparator for German grouping
  ])('toMinor(%j, %s) = %i', (input, currency, expected) => {
    expect(toMinor(input, currency)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toMinor('-0.004', 'USD'), 0)).toBe(true);
    expect(Object.is(toMinor('(0.00)', 'USD'), 0)).toBe(true);
  });

  it.each<[string, '.' | ',', string, number]>([
    ['1.234', ',', 'JPY', 1234],
    ['1.234', ',', 'EUR', 123400],
    ['1,234', ',', 'EUR', 123],
    ['1,234', '.', 'USD', 123400],
    ['1.234.567', ',', 'EUR', 123456700],
    ['12,5', ',', 'EUR', 1250],
  ])('toMinor(%j, decimalSeparator %j, %s) = %i', (input, decimalSeparator, currency, expected) => {
    expect(toMinor(input, currency, { decimalSeparator })).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '$',
    '-',
    '()',
    '.',
    '1.2.3',
    '1..2',
    '1,,234',
    '1.234.56',
    '1,2,3',
    '1 2 3',
    '12 .50',
    '12abc34',
    '1e5',
    '0x10',
    '--12',
    '-(12)',
    '+-12',
    '(12',
    '12)',
    ')12(',
    'Infinity',
    'NaN',
    '1,234.56.78',
    '90071992547409.92',
  ])('toMinor(%j) throws', (input) => expect(() => toMinor(input, 'USD')).toThrow(RangeError));

  it('rejects a German-grouped amount when told the decimal point is a dot', () => {
    expect(() => toMinor('1.234,56', 'EUR', { decimalSeparator: '.' })).toThrow(RangeError);
  });

  it('rejects an unsupported currency and a non-string, non-number value', () => {
    expect(() => toMinor('1', 'XXX')).toThrow(RangeError);
    expect(() => toMinor(null as unknown as string, 'USD')).toThrow(RangeError);
  });
});

describe('toMinor (numbers)', () => {
  it.each<[number, string, number]>([
    [12.5, 'USD', 1250],
    [0.1 + 0.2, 'USD', 30],
    [1.005, 'USD', 101], // Math.round(1.005 * 100) would give 100
    [4.35, 'USD', 435], // 4.35 * 100 = 434.99999999999994
    [1.15, 'USD', 115],
    [8.675, 'USD', 868],
    [19.99, 'USD', 1999],
    [-19.99, 'USD', -1999],
    [-0.005, 'USD', -1],
    [123456789.12, 'USD', 12345678912],
    [1e-7, 'USD', 0],
    [5e-3, 'USD', 1],
    [1.5e10, 'USD', 1500000000000],
    [0, 'USD', 0],
    [1234, 'JPY', 1234],
    [1234.5, 'JPY', 1235],
    [-1234.5, 'JPY', -1235],
    [1.2345, 'KWD', 1235],
  ])('toMinor(%d, %s) = %i', (input, currency, expected) => expect(toMinor(input, currency)).toBe(expected));

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, 9e15])(
    'toMinor(%d) throws',
    (n) => {
      expect(() => toMinor(n, 'USD')).toThrow(RangeError);
    },
  );

  it('never returns negative zero', () => expect(Object.is(toMinor(-0, 'USD'), 0)).toBe(true));
});

describe('fromMinor / toDecimalString', () => {
  it.each<[number, string, number, string]>([
    [1250, 'USD', 12.5, '12.50'],
    [123456, 'USD', 1234.56, '1234.56'],
    [1999, 'USD', 19.99, '19.99'],
    [-5, 'USD', -0.05, '-0.05'],
    [-123456, 'EUR', -1234.56, '-1234.56'],
    [0, 'USD', 0, '0.00'],
    [1234, 'JPY', 1234, '1234'],
    [-7, 'JPY', -7, '-7'],
    [1, 'KWD', 0.001, '0.001'],
    [1234567, 'KWD', 1234.567, '1234.567'],
    [MAX, 'USD', 90071992547409.91, '90071992547409.91'],
  ])('%i %s → %d and %j', (minor, currency, major, text) => {
    expect(fromMinor(minor, currency)).toBe(major);
    expect(toDecimalString(minor, currency)).toBe(text);
  });

  it('maps -0 to 0', () => {
    expect(Object.is(fromMinor(-0, 'USD'), 0)).toBe(true);
    expect(toDecimalString(-0, 'USD')).toBe('0.00');
  });

  it.each([1.5, Number.NaN, MAX + 1])('rejects minor = %d', (minor) => {
    expect(() => fromMinor(minor, 'USD')).toThrow(RangeError);
    expect(() => toDecimalString(minor, 'USD')).toThrow(RangeError);
  });

  it('round-trips through toMinor for every currency', () => {
    const samples = [0, 1, -1, 5, 99, 100, 101, 12345, -98765, 1_000_000_007, 4_503_599_627_370_495];
    for (const currency of CURRENCY_CODES) {
      for (const minor of samples) {
        expect(toMinor(toDecimalString(minor, currency), currency)).toBe(minor);
        expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
      }
    }
  });
});

describe('formatMoney', () => {
  it.each<[number, string | undefined, string | undefined, string]>([
    [123456, undefined, undefined, '$1,234.56'],
    [-123456, undefined, undefined, '-$1,234.56'],
    [0, undefined, undefined, '$0.00'],
    [-0, undefined, undefined, '$0.00'],
    [5, undefined, undefined, '$0.05'],
    [4900, 'USD', 'en-US', '$49.00'],
    [123456, 'usd', 'en-US', '$1,234.56'],
    [123456, 'GBP', 'en-GB', '£1,234.56'],
    [123456, 'EUR', 'de-DE', `1.234,56${NBSP}€`],
    [1234, 'JPY', 'en-US', '¥1,234'],
    [1234, 'JPY', 'ja-JP', '￥1,234'],
    [1234567, 'KWD', 'en-US', `KWD${NBSP}1,234.567`],
    [123456, 'HUF', 'en-US', 'HUF\u00a01,234.56'], // ISO 4217 keeps 2 digits, whatever the locale data
    [MAX, 'USD', 'en-US', '$90,071,992,547,409.91'], // exact beyond 2^53 / 100
  ])('formatMoney(%i, %s, %s) = %j', (minor, currency, locale, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });

  it.each([
    [123456, '$1.2K'],
    [99900, '$999'],
    [123456789, '$1.2M'],
    [1234, '$12'],
    [-250000000, '-$2.5M'],
  ])('compact formatMoney(%i) = %j', (minor, expected) => {
    expect(formatMoney(minor, 'USD', 'en-US', { compact: true })).toBe(expected);
  });

  it('throws on an unsupported currency or a non-integer amount', () => {
    expect(() => formatMoney(100, 'XXX')).toThrow(RangeError);
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });
});

describe('sumMinor', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[1, 2, 3], 6],
    [[-5, 5], 0],
    [[1999, 2999, 4999], 9997],
    [[MAX, -1, 1], MAX], // exact even when a partial sum leaves the safe range
    [[MAX, 1, -2], MAX - 1],
  ])('sumMinor(%j) = %i', (values, expected) => expect(sumMinor(values)).toBe(expected));

  it('accepts any iterable', () => {
    expect(sumMinor(new Set([100, 250]))).toBe(350);
    expect(sumMinor((function* () { yield 1; yield 2; })())).toBe(3); // prettier-ignore
  });

  it.each([[[1.5]], [[MAX, 1]], [[Number.NaN]], [[-MAX, -2]]])('sumMinor(%j) throws', (values) => {
    expect(() => sumMinor(values)).toThrow(RangeError);
  });
});

describe('mulDivMinor', () => {
  it.each([
    [10, 1, 3, 3],
    [20, 1, 3, 7],
    [5, 1, 2, 3],
    [-5, 1, 2, -3],
    [15, 1, 10, 2],
    [25, 1, 10, 3], // half away from zero, not to even
    [-25, 1, 10, -3],
    [7, 3, -2, -11],
    [1000, 52, 12, 4333],
    [0, 5, 7, 0],
    [MAX, 2, 2, MAX],
    [MAX, 3, 3, MAX],
  ])('mulDivMinor(%i, %i, %i) = %i', (minor, num, den, expected) => {
    expect(mulDivMinor(minor, num, den)).toBe(expected);
  });

  it('never returns negative zero', () => expect(Object.is(mulDivMinor(-1, 1, 3), 0)).toBe(true));

  it.each([
    [1, 1, 0],
    [1.5, 1, 2],
    [1, 0.5, 2],
    [1, 1, 2.5],
    [MAX, 2, 1],
  ])('mulDivMinor(%d, %d, %d) throws', (minor, num, den) => {
    expect(() => mulDivMinor(minor, num, den)).toThrow(RangeError);
  });
});
