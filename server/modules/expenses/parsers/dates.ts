// Statement dates: the file's format (detected from the data itself) over the one date parser of
// common/tabular/dates.
import type { DateFormat } from '../../../../common/contracts/expenses';
import { parseLooseDate, type DateOrder } from '../../../../common/tabular/dates';

const ORDER: Record<DateFormat, DateOrder> = {
  'YYYY-MM-DD': 'ymd',
  'MM/DD/YYYY': 'mdy',
  'DD/MM/YYYY': 'dmy',
  'DD.MM.YYYY': 'dmy',
};

/** The calendar date a cell names in the given field order, or null. */
export function parseStatementDate(value: string, format: DateFormat): string | null {
  return parseLooseDate(value, ORDER[format]);
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
  // Dotted dates are day-first in every locale that writes them: never ambiguous.
  const ambiguous = !dotted && dmy.length === bestCount && mdy.length === bestCount && dmyOrder === mdyOrder;
  let format: DateFormat;
  if (dmyOrder !== mdyOrder) format = dmyOrder > mdyOrder ? dayFirst : 'MM/DD/YYYY';
  else if (dotted) format = dayFirst;
  else format = preferMonthFirst ? 'MM/DD/YYYY' : dayFirst;
  return { format, ambiguous, coverage: bestCount / sample.length };
}
