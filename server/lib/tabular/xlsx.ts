// XLSX → records through exceljs: the first worksheet with data, every cell as the text a user
// sees. Formulas are never evaluated: a formula cell gives the result the file stored, or else the
// formula itself as text. Runs inside the reader thread only: callers use readWorkbook
// (../untrusted/reader.ts), which bounds its memory and time.
import type ExcelJS from 'exceljs';
import {
  DocumentTooLargeError,
  MAX_DOCUMENT_CHARACTERS,
  XLSX_MAX_UNZIPPED_MB,
} from '../untrusted/limits';
import { unzipsPast } from '../untrusted/zip-size';
import { storableText } from '../storable-text';

type CellValue = ExcelJS.CellValue;

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel dates have no zone: exceljs reads them as UTC. A date alone → YYYY-MM-DD. */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const [h, m, s] = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()];
  return h === 0 && m === 0 && s === 0 ? day : `${day} ${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** 0.1 + 0.2 is stored as 0.30000000000000004: 15 significant digits is what Excel shows. */
const numberText = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15))));

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result !== undefined && value.result !== null) return cellText(value.result);
    return `=${'formula' in value ? value.formula : value.sharedFormula}`;
  }
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  if ('error' in value) return value.error;
  return '';
}

export interface SheetTable {
  records: string[][];
  /** The spreadsheet row number of each record. */
  lines: number[];
}

/**
 * Reads the first worksheet that has data; throws when the bytes are not a workbook, and
 * DocumentTooLargeError past the unzipped-size or character budget.
 */
export async function readXlsxInThread(bytes: Uint8Array): Promise<SheetTable> {
  if (unzipsPast(bytes, XLSX_MAX_UNZIPPED_MB * 1024 * 1024)) {
    throw new DocumentTooLargeError('spreadsheet', 'unzipped');
  }
  // exceljs (26 MiB, 0.8 s to load) comes in with the first workbook, not at server start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  // exceljs's typings want its own Buffer type; a Node Buffer view over the same bytes is one.
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  const records: string[][] = [];
  const lines: number[] = [];
  let characters = 0;
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const record: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      const text = cellText(cell.value);
      characters += text.length + 1;
      if (characters > MAX_DOCUMENT_CHARACTERS) throw new DocumentTooLargeError('spreadsheet', 'characters');
      // A workbook's strings may hold NUL: cells go to the database as PostgreSQL takes them.
      record[column - 1] = storableText(text);
    });
    for (let i = 0; i < record.length; i++) record[i] ??= '';
    if (record.some((cell) => cell.trim() !== '')) {
      records.push(record);
      lines.push(rowNumber);
    }
  });
  return { records, lines };
}
