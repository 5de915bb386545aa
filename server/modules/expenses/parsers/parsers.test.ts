import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../lib/tabular/decode';
import { detectDateFormat, parseStatementDate } from './dates';
import { detectFormat, inspectStatement, parseStatement, statementFromText } from './index';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => decodeText(readFileSync(path.join(dir, name))).text;
const csv = (text: string) => statementFromText('statement.csv', text);
const usd = { defaultCurrency: 'USD', includeCredits: false };
const eur = { defaultCurrency: 'EUR', includeCredits: false };

describe('statement dates', () => {
  it('reads each supported order with any separator, two-digit years and trailing times', () => {
    expect(parseStatementDate('2026-01-05', 'YYYY-MM-DD')).toBe('2026-01-05');
    expect(parseStatementDate('2026-01-05 10:01:02', 'DD/MM/YYYY')).toBe('2026-01-05');
    expect(parseStatementDate('05/01/2026', 'DD/MM/YYYY')).toBe('2026-01-05');
    expect(parseStatementDate('01/05/2026', 'MM/DD/YYYY')).toBe('2026-01-05');
    expect(parseStatementDate('05.01.26', 'DD.MM.YYYY')).toBe('2026-01-05');
    expect(parseStatementDate('20260105', 'MM/DD/YYYY')).toBe('2026-01-05');
    expect(parseStatementDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('13/05/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseStatementDate('yesterday', 'DD/MM/YYYY')).toBeNull();
  });

  it('detects the format from the data: a part above 12 decides, else date order, else the separator', () => {
    expect(detectDateFormat(['2026-01-05', '2026-02-11'])).toEqual({
      format: 'YYYY-MM-DD',
      ambiguous: false,
      coverage: 1,
    });
    expect(detectDateFormat(['05/01/2026', '25/01/2026'])?.format).toBe('DD/MM/YYYY');
    expect(detectDateFormat(['01/05/2026', '01/25/2026'])?.format).toBe('MM/DD/YYYY');
    expect(detectDateFormat(['05.01.2026', '06.01.2026'])?.format).toBe('DD.MM.YYYY');
    // Day-first reads Jan 12, Feb 3, Feb 5 (in order); month-first Dec 1, Mar 2, May 2 (not).
    const dayFirst = detectDateFormat(['12/01/2026', '03/02/2026', '05/02/2026']);
    expect(dayFirst).toMatchObject({ format: 'DD/MM/YYYY', ambiguous: false });
    const unclear = detectDateFormat(['01/02/2026', '01/02/2026'], true);
    expect(unclear).toMatchObject({ format: 'MM/DD/YYYY', ambiguous: true });
  });
});

describe('CSV statements', () => {
  it('reads a German bank export: Windows-1252, preamble, semicolons, DD.MM.YYYY and decimal commas', () => {
    const text = fixture('dkb-girokonto.csv');
    expect(text).toContain('Begünstigter');
    const inspection = inspectStatement(csv(text), 'EUR');
    expect(inspection).toMatchObject({
      format: 'csv',
      delimiter: ';',
      rowCount: 5, // the trailing line of empty cells is no row
      dateFormatAmbiguous: false,
    });
    expect(inspection.mapping).toMatchObject({
      date: 0,
      merchant: 3,
      description: 4,
      amount: 7,
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      signConvention: 'negative-is-expense',
      hasHeader: true,
      skipRows: 4,
    });
    expect(inspection.headers[3]).toBe('Auftraggeber / Begünstigter');
    const result = parseStatement(csv(text), inspection.mapping, eur);
    expect(result.errors).toEqual([]);
    expect(result.skipped).toBe(1); // the refund (money in)
    expect(result.rows.map((r) => [r.line, r.date, r.amountMinor, r.currency, r.merchant])).toEqual([
      [8, '2026-01-02', 123456, 'EUR', 'Atlassian B.V.'],
      [9, '2026-01-05', 1399, 'EUR', 'ZOOM.US 888-799-9666'],
      [11, '2026-01-15', 6840, 'EUR', 'Google Ireland Ltd'],
      [12, '2026-02-03', 8750, 'EUR', 'SLACK T01ABCDE'],
    ]);
    expect(result.rows[2].description).toBe('GOOGLE*GSUITE_acme.de');
    const withCredits = parseStatement(csv(text), inspection.mapping, { ...eur, includeCredits: true });
    expect(withCredits.rows.find((r) => r.merchant === 'Müller Gärten GmbH')?.amountMinor).toBe(-25000);
  });

  it('reads an American Express export: MM/DD/YYYY, positive charges, quoted thousands and multi-line cells', () => {
    const text = fixture('amex-card.csv');
    const inspection = inspectStatement(csv(text), 'USD');
    expect(inspection.mapping).toMatchObject({
      date: 0,
      merchant: 6,
      amount: 4,
      category: 12,
      dateFormat: 'MM/DD/YYYY',
      decimalSeparator: '.',
      signConvention: 'positive-is-expense',
    });
    const result = parseStatement(csv(text), null, usd);
    expect(result.errors).toEqual([]);
    expect(result.skipped).toBe(1); // the card payment
    expect(result.rows.map((r) => [r.date, r.amountMinor, r.merchant])).toEqual([
      ['2026-01-03', 1599, 'ZOOM.US 888-799-9666 CA'],
      ['2026-01-07', 9600, 'NOTION LABS INC'],
      ['2026-01-22', 108000, 'FIGMA'],
      ['2026-02-03', 1599, 'ZOOM.US 888-799-9666 CA'],
    ]);
    expect(result.rows[0].category).toBe('Business Services-Other Services');
  });

  it('reads separate money-out and money-in columns (UK bank, DD/MM/YYYY, pound signs)', () => {
    const text = fixture('barclays-debit-credit.csv');
    const inspection = inspectStatement(csv(text), 'GBP');
    expect(inspection.mapping).toMatchObject({
      date: 0,
      merchant: 1,
      amount: null,
      debit: 2,
      credit: 3,
      dateFormat: 'DD/MM/YYYY',
    });
    const result = parseStatement(csv(text), inspection.mapping, {
      defaultCurrency: 'GBP',
      includeCredits: true,
    });
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.date, r.amountMinor])).toEqual([
      ['2026-02-01', 1900],
      ['2026-02-03', 3000],
      ['2026-02-05', -1099],
      ['2026-02-14', 102040],
      ['2026-02-28', 1900],
    ]);
  });

  it('reads a tab-separated export with a currency column and reports bad rows by line', () => {
    const text = fixture('revolut.tsv');
    expect(detectFormat('account-statement.tsv', text)).toBe('csv');
    const inspection = inspectStatement(csv(text), 'EUR');
    expect(inspection.delimiter).toBe('\t');
    expect(inspection.mapping).toMatchObject({
      date: 3,
      merchant: 4,
      amount: 5,
      currency: 7,
      dateFormat: 'YYYY-MM-DD',
    });
    const result = parseStatement(csv(text), inspection.mapping, eur);
    expect(result.rows.map((r) => [r.date, r.amountMinor, r.currency, r.merchant])).toEqual([
      ['2026-01-05', 2000, 'USD', 'Openai *chatgpt Subscr'],
      ['2026-01-10', 1199, 'EUR', 'Canva'],
    ]);
    expect(result.errors).toEqual([
      { line: 5, field: 'currency', message: 'Currency "XYZ" is not a supported ISO code' },
    ]);
    expect(result.skipped).toBe(2); // the top-up and the pending row without date or amount
  });

  it('applies a mapping chosen by the user and reports unreadable dates and amounts', () => {
    const text =
      'when;who;how much\n2026-01-05;Zoom;12,50\n2026-13-05;Slack;3,00\n2026-01-07;Notion;abc\n2026-01-08;;4,00\n';
    const mapping = {
      date: 0,
      merchant: 1,
      amount: 2,
      dateFormat: 'YYYY-MM-DD' as const,
      decimalSeparator: ',' as const,
      signConvention: 'positive-is-expense' as const,
      hasHeader: true,
      skipRows: 0,
    };
    const result = parseStatement(csv(text), mapping, usd);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ line: 2, amountMinor: 1250, merchant: 'Zoom' });
    expect(result.errors).toEqual([
      { line: 3, field: 'date', message: 'Date "2026-13-05" is not a YYYY-MM-DD date' },
      { line: 4, field: 'amount', message: 'Amount "abc" is not a number' },
      { line: 5, field: 'merchant', message: 'The merchant is empty' },
    ]);
  });

  it('finds columns by their content when the file has no header row', () => {
    const text = '05/01/2026,ZOOM.US 888-799-9666,-15.99\n17/01/2026,NOTION LABS,-8.00\n';
    const inspection = inspectStatement(csv(text), 'USD');
    expect(inspection.mapping).toMatchObject({
      date: 0,
      merchant: 1,
      amount: 2,
      hasHeader: false,
      dateFormat: 'DD/MM/YYYY',
    });
    expect(inspection.headers).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(parseStatement(csv(text), inspection.mapping, usd).rows).toHaveLength(2);
  });
});

describe('OFX and QFX statements', () => {
  it('reads OFX 1.x SGML with unclosed leaf tags, entities, check numbers and a bad date', () => {
    const text = fixture('bank-of-america.ofx');
    expect(detectFormat('download.ofx', text)).toBe('ofx');
    const result = parseStatement({ format: 'ofx', text: text }, null, eur);
    expect(
      result.rows.map((r) => [r.line, r.date, r.amountMinor, r.currency, r.merchant, r.externalId]),
    ).toEqual([
      [1, '2026-01-05', 1599, 'USD', 'ZOOM.US 888-799-9666 CA', '90000010026010500001'],
      [2, '2026-01-12', 14400, 'USD', 'GOOGLE *GSUITE_acme.com', '90000010026011200002'],
      [4, '2026-01-20', 120000, 'USD', 'SALESFORCE.COM & CO', '90000010026012000004'],
    ]);
    expect(result.rows[0].description).toBe('CHECKCARD 0104 ZOOM.US');
    expect(result.rows[2].invoiceNumber).toBe('1042');
    expect(result.skipped).toBe(1); // the payroll credit
    expect(result.errors).toEqual([
      { line: 5, field: 'date', message: 'Transaction 5 has an invalid date "2026013X"' },
    ]);
  });

  it('reads a single-line QFX credit-card statement with a decimal comma amount', () => {
    const text = fixture('chase-card.qfx');
    expect(detectFormat('Chase.QFX', text)).toBe('ofx');
    const result = parseStatement({ format: 'ofx', text: text }, null, eur);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.date, r.amountMinor, r.currency, r.merchant, r.description])).toEqual([
      ['2026-02-03', 5400, 'USD', 'ADOBE *CREATIVE CLOUD', '800-833-6687 CA'],
      ['2026-02-14', 1050, 'USD', '1PASSWORD', null],
    ]);
  });

  it('reads OFX 2.x XML with PAYEE aggregates and CURRENCY / ORIGCURRENCY', () => {
    const text = fixture('ing-v2.ofx');
    expect(detectFormat('export.xml', text)).toBe('ofx');
    const result = parseStatement({ format: 'ofx', text: text }, null, usd);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.date, r.amountMinor, r.currency, r.merchant])).toEqual([
      ['2026-03-02', 2420, 'EUR', 'HubSpot Netherlands B.V.'],
      ['2026-03-10', 3000, 'USD', 'GitHub, Inc.'],
      ['2026-03-15', 999, 'EUR', 'Spotify AB & Partners'],
    ]);
  });
});

describe('QIF statements', () => {
  it("reads !Type:Bank with Quicken's 1/5'26 dates, thousands, splits, transfers and a bad date", () => {
    const text = fixture('quicken-bank.qif');
    expect(detectFormat('export.qif', text)).toBe('qif');
    const result = parseStatement({ format: 'qif', text: text }, null, {
      defaultCurrency: 'USD',
      includeCredits: true,
    });
    expect(result.rows.map((r) => [r.date, r.amountMinor, r.merchant, r.category, r.invoiceNumber])).toEqual([
      ['2026-01-05', 1599, 'ZOOM.US 888-799-9666', 'Software', null],
      ['2026-01-12', 129900, 'ATLASSIAN PTY LTD', 'Software', '1043'],
      ['2026-01-15', -250000, 'Payroll deposit', null, null],
    ]);
    expect(result.rows[0].description).toBe('Monthly Pro plan');
    expect(result.errors).toEqual([
      { line: 29, field: 'date', message: 'Date "13/20\'26" is not a MM/DD/YYYY date' },
    ]);
  });

  it('reads !Type:CCard with day-first dates', () => {
    const result = parseStatement({ format: 'qif', text: fixture('uk-ccard.qif') }, null, {
      defaultCurrency: 'GBP',
      includeCredits: false,
    });
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.date, r.amountMinor, r.currency, r.merchant])).toEqual([
      ['2026-01-25', 4560, 'GBP', 'MIRO.COM AMSTERDAM'],
      ['2026-01-28', 1200, 'GBP', 'CALENDLY'],
      ['2026-02-03', 4560, 'GBP', 'MIRO.COM AMSTERDAM'],
    ]);
  });
});
