// Column mapping for CSV statements: detection from header synonyms and the data, and applying a
// mapping to rows (dates in the detected order, decimal commas, signed or debit/credit amounts).
import type { ColumnMapping } from '../../../../common/contracts/expenses';
import { isCurrencyCode, minorUnitDigits, toMinor } from '../../../../common/money';
import { isKnownHeader, suggestMapping } from '../../../../common/tabular/headers';
import { currencyIn, detectDecimalSeparator, dollarCurrencyFor } from '../../../../common/tabular/money';
import type { Table } from '../../../lib/tabular/read-table';
import { detectDateFormat, parseStatementDate } from './dates';
import { cleanText } from './text';
import { ResultBuilder, type ParseOptions, type ParseResult } from './types';

type Field =
  | 'date'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'merchant'
  | 'description'
  | 'currency'
  | 'invoiceNumber'
  | 'category';

/**
 * Header words per field, most specific first (English, German, French, Spanish, Dutch, Italian);
 * fields in the order they pick their column (merchant and description last: they share words).
 */
// prettier-ignore
const SYNONYMS: Record<Field, string[]> = {
  date: ['transaction date', 'trans date', 'txn date', 'date', 'posting date', 'posted date', 'booking date',
    'completed date', 'value date', 'buchungstag', 'buchungsdatum', 'datum', 'valuta', 'wertstellung',
    'date operation', 'date de l operation', 'date valeur', 'fecha', 'fecha operacion', 'data', 'data operazione',
    'transactiedatum', 'started date'],
  amount: ['amount', 'transaction amount', 'amount usd', 'amount eur', 'amount gbp', 'betrag', 'betrag eur',
    'umsatz', 'montant', 'importe', 'bedrag', 'importo', 'value', 'sum', 'total'],
  debit: ['debit', 'debit amount', 'debits', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'outflow',
    'out', 'soll', 'ausgang', 'debit eur', 'montant debit', 'cargo', 'cargos', 'af', 'uscite', 'charge'],
  credit: ['credit', 'credit amount', 'credits', 'deposit', 'deposits', 'money in', 'paid in', 'inflow', 'in',
    'haben', 'eingang', 'credit eur', 'montant credit', 'abono', 'abonos', 'bij', 'entrate'],
  currency: ['currency', 'ccy', 'currency code', 'wahrung', 'devise', 'moneda', 'valuta code', 'valuta', 'divisa'],
  invoiceNumber: ['invoice number', 'invoice no', 'invoice', 'invoice id', 'rechnungsnummer', 'numero de facture',
    'factura'],
  category: ['category', 'kategorie', 'categorie', 'categoria', 'type category'],
  merchant: ['merchant', 'merchant name', 'appears on your statement as', 'payee', 'payee name', 'name',
    'counterparty', 'counterparty name', 'beneficiary', 'vendor', 'supplier', 'empfanger', 'auftraggeber empfanger',
    'auftraggeber begunstigter', 'beguenstigter zahlungspflichtiger', 'zahlungspflichtiger empfanger',
    'zahlungsempfanger', 'beneficiaire', 'tiers', 'libelle', 'concepto', 'naam tegenpartij', 'tegenpartij',
    'beneficiario', 'description', 'transaction description', 'details', 'narrative', 'omschrijving',
    'descripcion', 'descrizione', 'verwendungszweck'],
  description: ['memo', 'description', 'extended details', 'details', 'verwendungszweck', 'notes', 'note',
    'mededelingen', 'causale', 'information', 'reference', 'referencia'],
};

const isHeaderCell = (cell: string) => isKnownHeader(cell, SYNONYMS);

/** Index of the header row among the first records (bank exports may start with account details). */
function headerRowIndex(records: string[][]): number | null {
  for (let i = 0; i < Math.min(records.length, 20); i++) {
    if (records[i].filter(isHeaderCell).length >= 2) return i;
  }
  return null;
}

const NUMBER = /^[-+(]?\s*[^\d\s-]{0,3}\s*-?[\d.,' ]*\d[\d.,' ]*\s*[^\d\s]{0,3}\s*[-)]?$/;

export interface MappingGuess {
  mapping: ColumnMapping;
  headers: string[];
  dateFormatAmbiguous: boolean;
}

/** A mapping for the table, or null when no date or amount column can be found. */
export function detectMapping(
  records: string[][],
  delimiter: string | null,
  defaultCurrency: string,
): MappingGuess | null {
  if (records.length === 0) return null;
  const headerAt = headerRowIndex(records);
  const width = Math.max(...records.slice(0, 50).map((r) => r.length));
  const headerCells = headerAt === null ? [] : records[headerAt];
  const headers = Array.from(
    { length: width },
    (_, i) => cleanText(headerCells[i] ?? '') || `Column ${i + 1}`,
  );
  const body = records.slice(headerAt === null ? 0 : headerAt + 1, (headerAt ?? 0) + 201);
  const columnValues = (i: number) => body.map((r) => (r[i] ?? '').trim()).filter((v) => v !== '');

  // Header cells past the header row's own length stay unnamed (not "Column 5").
  const named = headers.map((h, i) => (headerCells[i] === undefined ? '' : h));
  const found = suggestMapping(named, SYNONYMS);
  const taken = new Set(Object.values(found));
  let date = found.date ?? null;
  let amount = found.amount ?? null;
  const debit = found.debit ?? null;
  const credit = found.credit ?? null;
  if (amount !== null && debit !== null && credit !== null) {
    taken.delete(amount); // a 'Total'/'Value' column beside debit and credit is a running figure
    amount = null;
  }
  const currency = found.currency ?? null;
  const invoiceNumber = found.invoiceNumber ?? null;
  const category = found.category ?? null;
  let merchant = found.merchant ?? null;
  const description = found.description ?? null;

  // Without headers (or unknown ones), recognise columns by their content.
  const share = (i: number, test: (v: string) => boolean) => {
    const values = columnValues(i);
    return values.length === 0 ? 0 : values.filter(test).length / values.length;
  };
  if (date === null) {
    for (let i = 0; i < width && date === null; i++) {
      if (!taken.has(i) && (detectDateFormat(columnValues(i))?.coverage ?? 0) >= 0.9) date = i;
    }
    if (date !== null) taken.add(date);
  }
  if (amount === null && debit === null && credit === null) {
    for (let i = width - 1; i >= 0 && amount === null; i--) {
      if (!taken.has(i) && share(i, (v) => NUMBER.test(v) && /\d/.test(v)) >= 0.9) amount = i;
    }
    if (amount !== null) taken.add(amount);
  }
  if (merchant === null) {
    let longest = 0;
    for (let i = 0; i < width; i++) {
      if (taken.has(i)) continue;
      const values = columnValues(i);
      const letters = values.filter((v) => /[A-Za-z]/.test(v));
      const avg = letters.reduce((n, v) => n + v.length, 0) / Math.max(1, values.length);
      if (letters.length >= values.length * 0.8 && avg > longest) [longest, merchant] = [avg, i];
    }
  }
  if (date === null || merchant === null || (amount === null && debit === null && credit === null))
    return null;

  const amountCells = [amount, debit, credit].flatMap((i) => (i === null ? [] : columnValues(i)));
  const decimalSeparator = detectDecimalSeparator(amountCells, delimiter === ';' ? ',' : '.');
  // Month-first dates are a North American habit: prefer them only there when the data cannot tell.
  const monthFirstLikely = decimalSeparator === '.' && ['USD', 'CAD'].includes(defaultCurrency);
  const guess = detectDateFormat(columnValues(date), monthFirstLikely);
  const signed = amount === null ? [] : columnValues(amount);
  const negatives = signed.filter((v) => /^\s*[-−(]|-\s*$/.test(v)).length;
  return {
    headers,
    dateFormatAmbiguous: guess?.ambiguous ?? false,
    mapping: {
      date,
      merchant,
      amount,
      debit,
      credit,
      currency,
      description: description === merchant ? null : description,
      invoiceNumber,
      category,
      dateFormat: guess?.format ?? 'YYYY-MM-DD',
      decimalSeparator,
      signConvention: negatives > signed.length - negatives ? 'negative-is-expense' : 'positive-is-expense',
      hasHeader: headerAt !== null,
      skipRows: headerAt ?? 0,
    },
  };
}

const PLAIN_AMOUNT = /^(-?)(\d{1,15})(?:([.,])(\d{1,3}))?$/;

/** '-12,50' without symbols or groups, read directly (toMinor handles every other form). */
function plainAmount(text: string, currency: string, decimal: '.' | ','): number | null {
  const m = PLAIN_AMOUNT.exec(text);
  if (!m || (m[3] && m[3] !== decimal)) return null;
  const digits = minorUnitDigits(currency);
  const frac = m[4] ?? '';
  if (frac.length > digits) return null;
  const value = Number(m[2]) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(value)) return null;
  return m[1] === '-' && value !== 0 ? -value : value;
}

/** Parses an amount cell; 'CR'/'DR' suffixes flip or keep the sign. Null when empty. */
function amountOf(cell: string | undefined, currency: string, decimal: '.' | ','): number | null {
  const text = (cell ?? '').trim();
  if (text === '') return null;
  const plain = plainAmount(text, currency, decimal);
  if (plain !== null) return plain;
  const marker = /\s*\b(CR|DR)\.?$/i.exec(text);
  const value = toMinor(marker ? text.slice(0, marker.index) : text, currency, { decimalSeparator: decimal });
  return marker?.[1].toUpperCase() === 'CR' ? -Math.abs(value) : value;
}

const cell = (record: string[], index: number | null | undefined) =>
  index === null || index === undefined ? '' : cleanText(record[index] ?? '');

/** Turns CSV records into statement rows with the mapping; the header and preamble are skipped. */
export function applyMapping(
  table: Pick<Table, 'records' | 'lines'>,
  mapping: ColumnMapping,
  options: ParseOptions,
): ParseResult {
  const { records, lines } = table;
  const out = new ResultBuilder(options);
  const first = mapping.skipRows + (mapping.hasHeader ? 1 : 0);
  for (let r = first; r < records.length; r++) {
    const record = records[r];
    const line = lines[r];
    const dateText = cell(record, mapping.date);
    const amountTexts = [mapping.amount, mapping.debit, mapping.credit].map((i) => cell(record, i));
    if (dateText === '' && amountTexts.every((t) => t === '')) {
      out.skipped += 1; // a blank, subtotal or footer line
      continue;
    }
    const date = parseStatementDate(dateText, mapping.dateFormat);
    if (!date) {
      out.error(line, 'date', `Date "${dateText.slice(0, 40)}" is not a ${mapping.dateFormat} date`);
      continue;
    }
    const currencyText = cell(record, mapping.currency);
    const currency =
      currencyText === ''
        ? options.defaultCurrency
        : (currencyIn(currencyText, dollarCurrencyFor(options.defaultCurrency)) ??
          currencyText.toUpperCase());
    if (!isCurrencyCode(currency)) {
      out.error(line, 'currency', `Currency "${currencyText.slice(0, 10)}" is not a supported ISO code`);
      continue;
    }
    let outflow: number | null;
    try {
      if (mapping.amount !== null && mapping.amount !== undefined) {
        const value = amountOf(amountTexts[0], currency, mapping.decimalSeparator);
        outflow = value === null ? null : mapping.signConvention === 'negative-is-expense' ? -value : value;
      } else {
        const debit = amountOf(amountTexts[1], currency, mapping.decimalSeparator);
        const credit = amountOf(amountTexts[2], currency, mapping.decimalSeparator);
        outflow =
          debit !== null && debit !== 0 ? Math.abs(debit) : credit !== null ? -Math.abs(credit) : debit;
      }
    } catch {
      out.error(
        line,
        'amount',
        `Amount "${amountTexts.find((t) => t !== '')?.slice(0, 30)}" is not a number`,
      );
      continue;
    }
    if (outflow === null) {
      out.error(line, 'amount', 'The amount is empty');
      continue;
    }
    const description = cell(record, mapping.description) || null;
    const merchant = cell(record, mapping.merchant) || description;
    if (!merchant) {
      out.error(line, 'merchant', 'The merchant is empty');
      continue;
    }
    out.add({
      line,
      date,
      amountMinor: outflow,
      currency,
      merchant: merchant.slice(0, 300),
      description: description === merchant ? null : (description?.slice(0, 2000) ?? null),
      externalId: null,
      invoiceNumber: cell(record, mapping.invoiceNumber).slice(0, 100) || null,
      category: cell(record, mapping.category).slice(0, 100) || null,
    });
  }
  return out.result();
}
