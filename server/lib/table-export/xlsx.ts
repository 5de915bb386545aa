// XLSX export through exceljs: one sheet per table, typed cells (dates as dates, money as numbers in
// their currency's format), a bold frozen header row, column widths and an autofilter.
import type ExcelJS from 'exceljs';
import { fromMinor, minorUnitDigits } from '../../../common/money';
import type { ExportCell, ResolvedTable } from './columns';

const DATE_FORMAT = 'yyyy-mm-dd';
const PERCENT_FORMAT = '0.0%';

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
  else if (cell.kind === 'percent') {
    target.value = cell.value / 100;
    target.numFmt = PERCENT_FORMAT;
  } else if (cell.kind === 'date') {
    target.value = new Date(`${cell.value}T00:00:00Z`);
    target.numFmt = DATE_FORMAT;
  } else {
    target.value = fromMinor(cell.minor, cell.currency);
    target.numFmt = moneyFormat(cell.currency);
  }
}

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
export function sheetName(name: string, taken: Set<string>): string {
  const clean =
    stripControl(name)
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  let candidate = clean.slice(0, 31);
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = `${clean.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A first sheet of labelled values above the tables (a report's title, period and KPIs). */
export interface SummarySheet {
  name: string;
  title: string;
  lines: Array<{ label: string; cell: ExportCell }>;
}

function addSummary(workbook: ExcelJS.Workbook, summary: SummarySheet, name: string) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ width: 34 }, { width: 24 }];
  sheet.getCell('A1').value = stripControl(summary.title);
  sheet.getCell('A1').font = { bold: true, size: 14 };
  summary.lines.forEach(({ label, cell }, i) => {
    const row = sheet.getRow(i + 3);
    row.getCell(1).value = stripControl(label);
    row.getCell(1).font = { bold: true };
    writeCell(row.getCell(2), cell);
  });
}

function addSheet(workbook: ExcelJS.Workbook, table: ResolvedTable, name = table.name) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  table.cells.forEach((cells, r) => {
    const line = sheet.getRow(r + 2);
    cells.forEach((cell, c) => writeCell(line.getCell(c + 1), cell));
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
}

/** A workbook with one sheet per table, in order (after the summary sheet when there is one). */
export async function toXlsx(tables: ResolvedTable[], summary?: SummarySheet): Promise<Buffer> {
  // Loaded with the first export, not at server start (see tabular/xlsx.ts).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const taken = new Set<string>();
  if (summary) addSummary(workbook, summary, sheetName(summary.name, taken));
  for (const table of tables) addSheet(workbook, table, sheetName(table.name, taken));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
