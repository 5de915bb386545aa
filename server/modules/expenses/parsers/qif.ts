// QIF (Quicken Interchange Format): `!Type:Bank` / `!Type:CCard` (also Cash, Oth A, Oth L) sections of
// records made of one-letter fields — D date, T/U amount, P payee, M memo, N number, L category —
// each record ended by `^`. Amounts are signed from the account's side: negative = money out.
import type { DateFormat } from '../../../../common/contracts/expenses';
import { isCurrencyCode, toMinor } from '../../../../common/money';
import { detectDateFormat, parseStatementDate } from './dates';
import { cleanText } from './text';
import { ResultBuilder, type ParseOptions, type ParseResult } from './types';

const CASH_TYPES = new Set(['bank', 'ccard', 'cash', 'oth a', 'oth l']);

export function looksLikeQif(text: string): boolean {
  return /^\s*!(Type|Account|Option)/im.test(text.slice(0, 500));
}

interface QifRecord {
  line: number;
  fields: Map<string, string>;
}

/** Quicken writes 1/5'26 for 2026; make it 1/5/26. */
const normaliseDate = (d: string) => d.trim().replace(/'\s*/, '/').replace(/\s+/g, '');

function decimalOf(values: string[]): '.' | ',' {
  const comma = values.filter((v) => /\d,\d{1,2}$/.test(v.trim())).length;
  const dot = values.filter((v) => /\d\.\d{1,2}$/.test(v.trim())).length;
  return comma > dot ? ',' : '.';
}

export function parseQif(text: string, options: ParseOptions): ParseResult {
  const out = new ResultBuilder(options);
  const records: QifRecord[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  let section: string | null = null;
  let record: QifRecord | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    if (line.startsWith('!')) {
      const type = /^!Type:(.*)$/i.exec(line.trim());
      if (type) section = type[1].trim().toLowerCase();
      else if (/^!Account/i.test(line)) section = 'account';
      record = null;
      continue;
    }
    if (section === null || !CASH_TYPES.has(section)) continue; // account lists, investments, categories
    if (line.startsWith('^')) {
      if (record) records.push(record);
      record = null;
      continue;
    }
    record ??= { line: i + 1, fields: new Map() };
    const code = line[0].toUpperCase();
    // Split lines (S, E, $) repeat; the first value of a field is the transaction's own.
    if (!record.fields.has(code)) record.fields.set(code, line.slice(1));
  }
  if (record && record.fields.size > 0) records.push(record);

  const dates = records.map((r) => normaliseDate(r.fields.get('D') ?? ''));
  const format: DateFormat = detectDateFormat(dates, true)?.format ?? 'MM/DD/YYYY';
  const decimal = decimalOf(records.map((r) => r.fields.get('T') ?? r.fields.get('U') ?? ''));
  const currency = options.defaultCurrency;
  if (!isCurrencyCode(currency)) throw new RangeError(`Unsupported currency ${currency}`);

  records.forEach((r, i) => {
    const date = parseStatementDate(dates[i], format);
    if (!date) {
      out.error(r.line, 'date', `Date "${(r.fields.get('D') ?? '').slice(0, 30)}" is not a ${format} date`);
      return;
    }
    const amountText = (r.fields.get('T') ?? r.fields.get('U') ?? '').trim();
    let amount: number;
    try {
      amount = toMinor(amountText, currency, { decimalSeparator: decimal });
    } catch {
      out.error(r.line, 'amount', `Amount "${amountText.slice(0, 30)}" is not a number`);
      return;
    }
    const memo = cleanText(r.fields.get('M') ?? '');
    const merchant = cleanText(r.fields.get('P') ?? '') || memo;
    if (!merchant) {
      out.error(r.line, 'merchant', 'The payee is empty');
      return;
    }
    const category = cleanText(r.fields.get('L') ?? '');
    out.add({
      line: r.line,
      date,
      amountMinor: -amount,
      currency,
      merchant: merchant.slice(0, 300),
      description: memo && memo !== merchant ? memo.slice(0, 2000) : null,
      externalId: null,
      invoiceNumber: cleanText(r.fields.get('N') ?? '').slice(0, 100) || null,
      // Transfers are written [Account name]; they are not categories.
      category: category && !category.startsWith('[') ? category.split(':')[0].slice(0, 100) : null,
    });
  });
  return out.result();
}
