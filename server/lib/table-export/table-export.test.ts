import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../test/read-workbook';
import { neutralizeFormula, resolveTable, type ExportColumn } from './columns';
import { toCsv } from './csv';
import { toXlsx } from './xlsx';

interface Refund {
  merchant: string;
  amountMinor: number;
  currency: string;
  date: string | null;
  note: string | null;
}

const columns: ExportColumn<Refund>[] = [
  { header: 'Merchant', kind: 'text', width: 30, value: (r) => r.merchant },
  { header: 'Amount', kind: 'money', value: (r) => r.amountMinor, currency: (r) => r.currency },
  { header: 'Date', kind: 'date', value: (r) => r.date },
  { header: 'Note', kind: 'text', value: (r) => r.note },
];
const rows: Refund[] = [
  {
    merchant: '=HYPERLINK("http://evil.example","Click")',
    amountMinor: -1250,
    currency: 'USD',
    date: '2026-04-01',
    note: '-12.50',
  },
  { merchant: 'Café, "Zürich"', amountMinor: 5000, currency: 'JPY', date: null, note: '+1 555\nsecond line' },
  { merchant: '@SUM(A1)', amountMinor: 0, currency: 'EUR', date: '2026-12-31', note: '\tTab' },
];
const table = resolveTable({ name: 'Refunds', columns, rows });

describe('table export', () => {
  it('neutralises text that starts like a formula, and only that', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF20'])
      expect(neutralizeFormula(`${start}x`)).toBe(`'${start}x`);
    expect(neutralizeFormula('Slack = chat')).toBe('Slack = chat');
    expect(neutralizeFormula("'already")).toBe("'already");
  });

  it('writes CSV with a BOM and CRLF: formulas neutralised, negative money stays a number', () => {
    expect(toCsv(table).split('\r\n')).toEqual([
      '\uFEFFMerchant,Amount,Date,Note',
      `"'=HYPERLINK(""http://evil.example"",""Click"")",-12.50,2026-04-01,'-12.50`,
      `"Café, ""Zürich""",5000,,"'+1 555\nsecond line"`,
      "'@SUM(A1),0.00,2026-12-31,'\tTab",
      '',
    ]);
  });

  it('writes XLSX with typed cells, a bold frozen header, widths and an autofilter', async () => {
    const workbook = await readWorkbook(
      await toXlsx([table, resolveTable({ name: 'Empty', columns, rows: [] })]),
    );
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Refunds', 'Empty']);
    const sheet = workbook.getWorksheet('Refunds')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Merchant', 'Amount', 'Date', 'Note']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:D1');
    expect(sheet.getColumn(1).width).toBe(30);

    const [merchant, amount, date, note] = [1, 2, 3, 4].map((c) => sheet.getRow(2).getCell(c));
    expect(merchant.value).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(merchant.type).toBe(ExcelJS.ValueType.String);
    expect(amount.value).toBe(-12.5);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.numFmt).toBe('#,##0.00 "USD"');
    expect(date.value).toEqual(new Date('2026-04-01T00:00:00Z'));
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(note.value).toBe("'-12.50");

    const yen = sheet.getRow(3);
    expect(yen.getCell(1).value).toBe('Café, "Zürich"');
    expect(yen.getCell(2).value).toBe(5000);
    expect(yen.getCell(2).numFmt).toBe('#,##0 "JPY"');
    expect(yen.getCell(3).value).toBeNull();
    expect(sheet.getRow(4).getCell(1).value).toBe("'@SUM(A1)");
    expect(sheet.rowCount).toBe(4);
  });
});
