// XLSX export through exceljs: one sheet per table, typed cells (dates as dates, money as numbers in
// their currency's format), a bold frozen header row, column widths and an autofilter.
import type ExcelJS from 'exceljs';
import { fromMinor, minorUnitDigits } from '../../../common/money';
import type { ExportCell, ResolvedTable } from './columns';

const DATE_FORMAT = 'yyyy-mm-dd';

/** e.g. `#,##0.00 "EUR"`; JPY gets no decimals. */
function moneyFormat(currency: string): string {
  const digits = minorUnitDigits(currency);
  return `#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''} "${currency}"`;
}

// XML 1.0 cannot hold control characters other than tab and line breaks: they are dropped.
const stripControl = (text: string) =>
  Array.from(text, (c) => (c < ' ' && c !== '\t' && c !== '\n' && c !== '\r' ? '' : c)).join('');

function writeCell(target: ExcelJS.Cell, cell: ExportCell) {
  if (cell === null) return;
  if (cell.kind === 'text') target.value = stripControl(cell.value);
  else if (cell.kind === 'number') target.value = cell.value;
  else if (cell.kind === 'date') {
    target.value = new Date(`${cell.value}T00:00:00Z`);
    target.numFmt = DATE_FORMAT;
  } else {
    target.value = fromMinor(cell.minor, cell.currency);
    target.numFmt = moneyFormat(cell.currency);
  }
}

function addSheet(workbook: ExcelJS.Workbook, table: ResolvedTable) {
  const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  table.cells.forEach((cells, r) => {
    const line = sheet.getRow(r + 2);
    cells.forEach((cell, c) => writeCell(line.getCell(c + 1), cell));
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
}

/** A workbook with one sheet per table, in order. */
export async function toXlsx(tables: ResolvedTable[]): Promise<Buffer> {
  // Loaded with the first export, not at server start (see tabular/xlsx.ts).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  for (const table of tables) addSheet(workbook, table);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
