// One entry point for statement files: read the file (tabular ones through server/lib/tabular, so
// CSV in any encoding and XLSX alike), describe it for the import wizard, and parse it into rows.
import type { ColumnMapping, ImportFormat } from '../../../../common/contracts/expenses';
import { decodeText } from '../../../lib/tabular/decode';
import { readTable, readTableText, type Table } from '../../../lib/tabular/read-table';
import { sniff } from '../../../lib/tabular/sniff';
import { applyMapping, detectMapping } from './csv-mapping';
import { looksLikeOfx, parseOfx } from './ofx';
import { looksLikeQif, parseQif } from './qif';
import type { ParseOptions, ParseResult } from './types';
import { rowError } from '../../../../common/contracts/import-rows';

export type { ParseOptions, ParseResult, StatementRow } from './types';

/** A statement read from its file: OFX/QIF text, or a table (format `csv`, also for XLSX). */
export type StatementFile = { format: 'ofx' | 'qif'; text: string } | { format: 'csv'; table: Table };

export function detectFormat(fileName: string, text: string): ImportFormat {
  if (looksLikeOfx(text)) return 'ofx';
  if (looksLikeQif(text)) return 'qif';
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'ofx' || ext === 'qfx') return 'ofx';
  if (ext === 'qif') return 'qif';
  return 'csv';
}

/** A statement from decoded text. */
export function statementFromText(fileName: string, text: string): StatementFile {
  const format = detectFormat(fileName, text);
  return format === 'csv' ? { format, table: readTableText(text) } : { format, text };
}

/** A statement from the uploaded bytes: a workbook by its ZIP signature, else text in its encoding. */
export async function readStatement(fileName: string, bytes: Uint8Array): Promise<StatementFile> {
  if (sniff(bytes).kind !== 'text') return { format: 'csv', table: await readTable(bytes) };
  const { text, encoding } = decodeText(bytes);
  const format = detectFormat(fileName, text);
  return format === 'csv' ? { format, table: readTableText(text, encoding) } : { format, text };
}

export interface StatementInspection {
  format: ImportFormat;
  delimiter: string | null;
  headers: string[];
  sampleRows: string[][];
  mapping: ColumnMapping | null;
  dateFormatAmbiguous: boolean;
  /** Data rows (CSV: after header and preamble; OFX/QIF: transactions). */
  rowCount: number;
}

/** What the import wizard shows after upload: format, columns, a sample and the detected mapping. */
export function inspectStatement(file: StatementFile, defaultCurrency: string): StatementInspection {
  if (file.format !== 'csv') {
    const parsed = parseStatement(file, null, { defaultCurrency, includeCredits: true });
    return {
      format: file.format,
      delimiter: null,
      headers: [],
      sampleRows: [],
      mapping: null,
      dateFormatAmbiguous: false,
      rowCount: parsed.rows.length + parsed.errors.length + parsed.skipped,
    };
  }
  const { records, delimiter } = file.table;
  const guess = detectMapping(records, delimiter, defaultCurrency);
  const first = guess ? guess.mapping.skipRows + (guess.mapping.hasHeader ? 1 : 0) : 0;
  const width = Math.max(0, ...records.slice(0, 50).map((r) => r.length));
  return {
    format: 'csv',
    delimiter,
    headers: guess?.headers ?? Array.from({ length: width }, (_, i) => `Column ${i + 1}`),
    sampleRows: records.slice(first, first + 10).map((r) => r.map((c) => c.slice(0, 200))),
    mapping: guess?.mapping ?? null,
    dateFormatAmbiguous: guess?.dateFormatAmbiguous ?? false,
    rowCount: Math.max(0, records.length - first),
  };
}

/** Parses a whole statement; a table needs a mapping (detected when null). */
export function parseStatement(
  file: StatementFile,
  mapping: ColumnMapping | null,
  options: ParseOptions,
): ParseResult {
  if (file.format !== 'csv') {
    return file.format === 'ofx' ? parseOfx(file.text, options) : parseQif(file.text, options);
  }
  const chosen =
    mapping ?? detectMapping(file.table.records, file.table.delimiter, options.defaultCurrency)?.mapping;
  if (!chosen) {
    return {
      rows: [],
      errors: [rowError(1, null, 'No date, amount and merchant columns found')],
      skipped: 0,
    };
  }
  return applyMapping(file.table, chosen, options);
}
