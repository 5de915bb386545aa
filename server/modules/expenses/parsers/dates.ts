// Statement dates: YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, DD.MM.YYYY (any of / . - as separator,
// two-digit years as 20xx, an optional time after the date), detected from the data itself.
import type { DateFormat } from '../../../../common/contracts/expenses';
import { formatCalendarDate, isValidCalendarDate } from '../../../../common/dates';

const PARTS = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[T\s].*)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\d*)$/; // 20260105 or 20260105120000

function year(text: string): number | null {
  if (text.length === 4) return Number(text);
  if (text.length === 2) return 2000 + Number(text);
  return null;
}

function build(y: number | null, m: number, d: number): string | null {
  if (y === null || m < 1 || m > 12 || d < 1 || d > 31) return null;
  try {
    const date = formatCalendarDate({ y, m, d });
    return isValidCalendarDate(date) ? date : null;
  } catch {
    return null;
  }
}

/** The calendar date a cell names in the given field order, or null. */
export function parseStatementDate(value: string, format: DateFormat): string | null {
  const text = value.trim();
  const compact = COMPACT.exec(text);
  if (compact) return build(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const match = PARTS.exec(text);
  if (!match) return null;
  const [a, b, c] = [match[1], match[2], match[3]];
  if (a.length === 4) return build(Number(a), Number(b), Number(c)); // year first is unambiguous
  if (format === 'YYYY-MM-DD') return null;
  if (format === 'MM/DD/YYYY') return build(year(c), Number(a), Number(b));
  return build(year(c), Number(b), Number(a)); // DD/MM/YYYY and DD.MM.YYYY
}

export interface DateFormatGuess {
  format: DateFormat;
  /** Both day-first and month-first fit every value (all days ≤ 12): the user should confirm. */
  ambiguous: boolean;
  /** Share of the values the chosen format reads. */
  coverage: number;
}

function sortedness(dates: string[]): number {
  let inOrder = 0;
  for (let i = 1; i < dates.length; i++) {
    if (dates[i] >= dates[i - 1]) inOrder++;
  }
  const descending = dates.length - 1 - inOrder;
  return Math.max(inOrder, descending);
}

/**
 * The format reading most of the values. Day-first vs month-first: a part above 12 decides; when
 * none does, the reading that keeps the statement in date order wins, then the separator ('.' is
 * day-first in every locale that uses it), then `preferMonthFirst` (e.g. for US dollar accounts).
 */
export function detectDateFormat(values: string[], preferMonthFirst = false): DateFormatGuess | null {
  const sample = values.map((v) => v.trim()).filter((v) => v !== '');
  if (sample.length === 0) return null;
  const read = (format: DateFormat) =>
    sample.map((v) => parseStatementDate(v, format)).filter((d): d is string => d !== null);
  const iso = read('YYYY-MM-DD');
  if (iso.length === sample.length) return { format: 'YYYY-MM-DD', ambiguous: false, coverage: 1 };
  const dmy = read('DD/MM/YYYY');
  const mdy = read('MM/DD/YYYY');
  const dotted = sample.some((v) => /^\d{1,2}\.\d{1,2}\./.test(v));
  const dayFirst: DateFormat = dotted ? 'DD.MM.YYYY' : 'DD/MM/YYYY';
  const candidates: Array<[DateFormat, string[]]> = [
    [dayFirst, dmy],
    ['MM/DD/YYYY', mdy],
    ['YYYY-MM-DD', iso],
  ];
  const bestCount = Math.max(dmy.length, mdy.length, iso.length);
  if (bestCount === 0) return null;
  // Year-first values read the same in every format: when they are the readable ones, it is ISO.
  if (iso.length === bestCount)
    return { format: 'YYYY-MM-DD', ambiguous: false, coverage: bestCount / sample.length };
  const fitting = candidates.filter(([, dates]) => dates.length === bestCount);
  if (fitting.length === 1) {
    return { format: fitting[0][0], ambiguous: false, coverage: bestCount / sample.length };
  }
  const dmyOrder = sortedness(dmy);
  const mdyOrder = sortedness(mdy);
  const ambiguous = dmy.length === bestCount && mdy.length === bestCount && dmyOrder === mdyOrder;
  let format: DateFormat;
  if (dmyOrder !== mdyOrder) format = dmyOrder > mdyOrder ? dayFirst : 'MM/DD/YYYY';
  else if (dotted) format = dayFirst;
  else format = preferMonthFirst ? 'MM/DD/YYYY' : dayFirst;
  return { format, ambiguous, coverage: bestCount / sample.length };
}
