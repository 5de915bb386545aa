// Amounts and dates as invoices print them, found inside lines of text. Finding is here; reading
// a found amount or date is the shared parsers' job (common/money toMinor, common/tabular).
import { isCurrencyCode, minorUnitDigits, toMinor } from '../../../../common/money';
import { currencyIn, detectDecimalSeparator } from '../../../../common/tabular/money';
import { daysBetween } from '../../../../common/dates';
import { parseLooseDate, type DateOrder } from '../../../../common/tabular/dates';

export interface FoundAmount {
  minor: number;
  /** The currency the amount names itself (symbol or code), or null when bare. */
  currency: string | null;
  raw: string;
  index: number;
  end: number;
}

const MARK = String.raw`(?:[A-Z]{1,2}\$|[A-Z]{3}|[$€£¥₹₩₺₪₫₱฿]|zł|Kč|kr|RM|Rs\.?|Fr\.)`;
const NUM = String.raw`\d{1,3}(?: \d{3})+,\d{2}|\d{1,3}(?:[,.'’]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?`;
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\d.,/:#-])(\(|[-−])?(${MARK})?\s?([-−])?(${NUM})(?:\s?(${MARK}))?(?![\p{L}\d%]|[.,/]\d|-\d)`,
  'gu',
);

/** Marks that are neither a code nor a symbol: Malaysian ringgit, Indian rupees, Swiss francs. */
const LOCAL_MARKS: Record<string, string> = { RM: 'MYR', Rs: 'INR', 'Rs.': 'INR', 'Fr.': 'CHF' };

/** The currency a symbol or code stands for ("$" is `dollar`, "kr" the Nordic code the text names). */
function markCurrency(mark: string | undefined, dollar: string, krona: string): string | null {
  if (!mark) return null;
  if (mark === 'kr') return krona;
  if (LOCAL_MARKS[mark]) return LOCAL_MARKS[mark];
  if (/^[A-Z]{3}$/.test(mark)) return isCurrencyCode(mark) ? mark : null;
  return currencyIn(mark, dollar);
}

export interface MoneyContext {
  dollar: string;
  krona: string;
  decimal: '.' | ',';
}

/** What "$", "kr" and the decimal separator mean in this document. */
export function moneyContext(text: string): MoneyContext {
  const dollar = /\b(CAD|AUD|NZD|SGD|HKD|MXN)\b/.exec(text)?.[1] ?? 'USD';
  const krona = /\b(SEK|NOK|DKK)\b/.exec(text)?.[1] ?? 'SEK';
  const raws = [...text.matchAll(AMOUNT)].map((m) => m[4]);
  return { dollar, krona, decimal: detectDecimalSeparator(raws, '.') };
}

/**
 * The money amounts in a line: a number with a currency mark, or a bare number with a decimal
 * fraction (bare integers are quantities, years, ids).
 */
export function amountsIn(line: string, ctx: MoneyContext, fallbackCurrency: string | null): FoundAmount[] {
  const found: FoundAmount[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const mark = m[2] ?? m[5];
    if (mark && /^[A-Z]{3}$/.test(mark) && !isCurrencyCode(mark)) continue;
    const currency = markCurrency(mark, ctx.dollar, ctx.krona);
    const hasFraction = /[.,]\d{1,3}$/.test(m[4]) && !/^\d{1,3}[.,]\d{3}$/.test(m[4]);
    if (!currency && !(mark === undefined && hasFraction)) continue;
    const unit = currency ?? fallbackCurrency ?? 'USD';
    let minor: number;
    try {
      // With no minor units (JPY), "12,000" and "12.000" are grouped whole numbers.
      const whole = minorUnitDigits(unit) === 0 && /^\d{1,3}(?:[,.'’ ]\d{3})+$/.test(m[4]);
      minor = toMinor(whole ? m[4].replace(/\D/g, '') : m[4], unit, { decimalSeparator: ctx.decimal });
    } catch {
      continue;
    }
    const negative = Boolean(m[1] || m[3]);
    found.push({
      minor: negative ? -minor : minor,
      currency,
      raw: m[0],
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return found;
}

/** Whether the text shows any money amount at all (an invoice always does). */
export function hasMoney(text: string): boolean {
  const ctx = moneyContext(text);
  return text
    .split('\n')
    .some(
      (line) =>
        amountsIn(line, ctx, null).some((a) => a.currency !== null) || amountsIn(line, ctx, 'USD').length > 0,
    );
}

// Dates inside a line: ISO, numeric with dots/slashes/dashes, day-month-year and month-day-year.
const L = String.raw`\p{L}`;
const DATE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{1,2}(?:st|nd|rd|th|\.)?[\s-]${L}{3,9}\.?,?[\s-](?:\d{4}|\d{2}(?![\d:]))|${L}{3,9}\.?\s\d{1,2}(?:st|nd|rd|th)?,?\s\d{4}|\d{1,2}\sde\s${L}{3,9}\.?\s(?:de\s)?\d{4})(?![\p{L}\d])`,
  'gu',
);
/** A day and month without a year, the first half of "Mar 3 – Apr 2, 2026". */
const PARTIAL = new RegExp(
  String.raw`(?<![\p{L}\d])(?:\d{1,2}(?:st|nd|rd|th|\.)?\s${L}{3,9}\.?|${L}{3,9}\.?\s\d{1,2}(?:st|nd|rd|th)?)(?![\p{L}\d])`,
  'gu',
);

export interface FoundDate {
  date: string;
  index: number;
  end: number;
}

export function datesIn(line: string, order: DateOrder): FoundDate[] {
  const found: FoundDate[] = [];
  for (const m of line.matchAll(DATE)) {
    // Spanish and Portuguese join the parts with "de": "20 de noviembre de 2014".
    const date = parseLooseDate(m[0].replace(/\sde\s/gi, ' '), order);
    if (date) found.push({ date, index: m.index, end: m.index + m[0].length });
  }
  return found;
}

const RANGE_JOIN = /^\s*(?:-|–|—|to|bis|au|al|until|through|thru|t\/m|tot|hasta|jusqu'au|~)\s*$/i;

/** A service period "from – to" in a line, the first date's year taken from the second when missing. */
export function rangeIn(line: string, order: DateOrder): { start: string; end: string } | null {
  const dates = datesIn(line, order);
  for (let i = 0; i + 1 < dates.length; i++) {
    const between = line.slice(dates[i].end, dates[i + 1].index);
    // Joined by a dash or a word, or two columns of a table row ("03/01/2026  05/31/2026").
    const columns = /^\s+$/.test(between) && daysBetween(dates[i].date, dates[i + 1].date) <= 400;
    if ((RANGE_JOIN.test(between) || columns) && dates[i].date <= dates[i + 1].date) {
      return { start: dates[i].date, end: dates[i + 1].date };
    }
  }
  for (const end of dates) {
    const before = line.slice(0, end.index);
    const join = /(?:-|–|—|to|bis|au|until|through|t\/m|tot)\s*$/i.exec(before);
    if (!join) continue;
    const head = before.slice(0, join.index).trimEnd();
    const partial = [...head.matchAll(PARTIAL)].at(-1);
    if (!partial || partial.index + partial[0].length !== head.length) continue;
    const year = end.date.slice(0, 4);
    let start = parseLooseDate(`${partial[0].replace(/,$/, '')} ${year}`, order);
    if (!start) start = parseLooseDate(`${partial[0]}, ${year}`, order);
    if (start && start > end.date) start = `${Number(year) - 1}${start.slice(4)}`;
    if (start) return { start, end: end.date };
  }
  return null;
}

/**
 * How a/b/yyyy dates read in this document: proven by a part above 12, else from the currency
 * (month first only in US dollars; day first in the rest of the world). `proven` is false when
 * the order is a guess, which makes an ambiguous date uncertain.
 */
export function dateOrder(text: string, currency: string | null): DateOrder {
  return dateOrderOf(text, currency).order;
}

export function dateOrderOf(text: string, currency: string | null): { order: DateOrder; proven: boolean } {
  for (const m of text.matchAll(/(?<![\d.])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/.-])/g)) {
    if (Number(m[1]) > 12) return { order: 'dmy', proven: true };
    if (Number(m[2]) > 12 && !m[0].includes('.')) return { order: 'mdy', proven: true };
  }
  if (currency === null) return { order: /\$/.test(text) ? 'mdy' : 'dmy', proven: false };
  return { order: currency === 'USD' ? 'mdy' : 'dmy', proven: true };
}

/** Whether a numeric date reads the same either way round (3/4/2026), so its order matters. */
export const isAmbiguousDate = (raw: string) => {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]/.exec(raw.trim());
  return Boolean(m && Number(m[1]) <= 12 && Number(m[2]) <= 12 && m[1] !== m[2]);
};
