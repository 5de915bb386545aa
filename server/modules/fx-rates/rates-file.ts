// Rate files, after read-table has split them into records: the ECB reference-rates CSV as published
// (eurofxref.csv, eurofxref-hist.csv: "Date, USD, JPY, …" with EUR as the base, "N/A" where the ECB
// has no quote, a trailing comma) or a long table of date, base, quote and rate.
import { parseLooseDate } from '../../../common/tabular/dates';
import { headerKey, suggestMapping } from '../../../common/tabular/headers';
import { isCurrencyCode } from '../../../common/money';
import type { Table } from '../../lib/tabular/read-table';

export interface RateRow {
  date: string;
  base: string;
  quote: string;
  /** A plain decimal, kept as text so no precision is lost on the way to numeric(24, 12). */
  rate: string;
}

export interface RatesFile {
  rows: RateRow[];
  /** Rates in currencies Stackwise does not support (the ECB quotes a few), left out on purpose. */
  skipped: number;
  errors: Array<{ line: number; message: string }>;
}

const LONG_COLUMNS = {
  date: ['date', 'day', 'rate date'],
  base: ['base', 'from', 'base currency', 'from currency'],
  quote: ['quote', 'to', 'quote currency', 'to currency', 'counter currency'],
  rate: ['rate', 'exchange rate', 'fx rate'],
} as const;
const ECB_BASE = 'EUR';
/** The ECB's mark for a currency it did not quote that day. */
const NO_QUOTE = new Set(['', 'n/a', 'na', '-']);
const MAX_RATE = 1e9;

/** "1.0812" or "1,0812" → "1.0812"; null when it is not a positive decimal within numeric(24, 12). */
function parseRate(cell: string): string | null {
  const text = cell.trim().replace(',', '.');
  if (!/^\d{1,12}(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 && value <= MAX_RATE ? text : null;
}

/** ISO (2024-01-05) or the daily file's "05 January 2024". */
const parseDate = (cell: string) => parseLooseDate(cell.trim(), 'dmy');

export function readRatesFile(table: Table): RatesFile {
  const [header = [], ...records] = table.records;
  const lines = table.lines.slice(1);
  const keys = header.map(headerKey);
  const mapping = suggestMapping(header, LONG_COLUMNS);
  const isLong = Object.keys(LONG_COLUMNS).every(
    (field) => mapping[field as keyof typeof LONG_COLUMNS] !== undefined,
  );
  if (isLong) return readLong(records, lines, mapping as Record<keyof typeof LONG_COLUMNS, number>);
  if (keys[0] === 'date' && header.slice(1).some((cell) => /^[A-Za-z]{3}$/.test(cell.trim()))) {
    return readEcb(header, records, lines);
  }
  return {
    rows: [],
    skipped: 0,
    errors: [
      {
        line: 1,
        message:
          'Not a rate file: expected the ECB reference rates (Date, USD, JPY, …) or columns date, base, quote and rate.',
      },
    ],
  };
}

function readEcb(header: string[], records: string[][], lines: number[]): RatesFile {
  const result: RatesFile = { rows: [], skipped: 0, errors: [] };
  const columns = header.map((cell) => cell.trim().toUpperCase());
  records.forEach((record, i) => {
    const line = lines[i];
    const date = parseDate(record[0] ?? '');
    if (!date) {
      result.errors.push({ line, message: `Date: not a date: "${record[0] ?? ''}"` });
      return;
    }
    for (let c = 1; c < columns.length; c += 1) {
      const quote = columns[c];
      const cell = (record[c] ?? '').trim();
      // The trailing comma makes an unnamed, empty column.
      if (quote === '' || NO_QUOTE.has(cell.toLowerCase())) continue;
      if (!isCurrencyCode(quote) || quote === ECB_BASE) {
        result.skipped += 1;
        continue;
      }
      const rate = parseRate(cell);
      if (rate === null) result.errors.push({ line, message: `${quote}: not a rate: "${cell}"` });
      else result.rows.push({ date, base: ECB_BASE, quote, rate });
    }
  });
  return result;
}

function readLong(
  records: string[][],
  lines: number[],
  at: Record<keyof typeof LONG_COLUMNS, number>,
): RatesFile {
  const result: RatesFile = { rows: [], skipped: 0, errors: [] };
  records.forEach((record, i) => {
    const line = lines[i];
    const cell = (field: keyof typeof LONG_COLUMNS) => (record[at[field]] ?? '').trim();
    const date = parseDate(cell('date'));
    const base = cell('base').toUpperCase();
    const quote = cell('quote').toUpperCase();
    const rate = parseRate(cell('rate'));
    if (!date) return void result.errors.push({ line, message: `Date: not a date: "${cell('date')}"` });
    if (!/^[A-Z]{3}$/.test(base))
      return void result.errors.push({ line, message: `Base: not a currency: "${cell('base')}"` });
    if (!/^[A-Z]{3}$/.test(quote))
      return void result.errors.push({ line, message: `Quote: not a currency: "${cell('quote')}"` });
    if (base === quote) return void result.errors.push({ line, message: 'Base and quote must differ' });
    if (rate === null)
      return void result.errors.push({ line, message: `Rate: not a rate: "${cell('rate')}"` });
    if (!isCurrencyCode(base) || !isCurrencyCode(quote)) {
      result.skipped += 1;
      return;
    }
    result.rows.push({ date, base, quote, rate });
  });
  return result;
}

/** The first and last day of the rates read (an import's answer). */
export function dateSpan(rows: readonly RateRow[]): { from: string | null; to: string | null } {
  let from: string | null = null;
  let to: string | null = null;
  for (const { date } of rows) {
    if (from === null || date < from) from = date;
    if (to === null || date > to) to = date;
  }
  return { from, to };
}
