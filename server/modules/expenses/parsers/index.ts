// One entry point for statement files: detect the format, describe the file for the import wizard,
// and parse it into statement rows.
import type { ColumnMapping, ImportFormat } from '../../../../common/contracts/expenses';
import { detectDelimiter, readCsvTable } from './csv';
import { applyMapping, detectMapping } from './csv-mapping';
import { looksLikeOfx, parseOfx } from './ofx';
import { looksLikeQif, parseQif } from './qif';
import type { ParseOptions, ParseResult } from './types';

export type { ParseOptions, ParseResult, RowError, StatementRow } from './types';
export { decodeStatement } from './text';

export function detectFormat(fileName: string, text: string): ImportFormat {
  if (looksLikeOfx(text)) return 'ofx';
  if (looksLikeQif(text)) return 'qif';
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'ofx' || ext === 'qfx') return 'ofx';
  if (ext === 'qif') return 'qif';
  return 'csv';
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
export function inspectStatement(
  fileName: string,
  text: string,
  defaultCurrency: string,
): StatementInspection {
  const format = detectFormat(fileName, text);
  if (format !== 'csv') {
    const parsed = parseStatement(format, text, null, { defaultCurrency, includeCredits: true });
    return {
      format,
      delimiter: null,
      headers: [],
      sampleRows: [],
      mapping: null,
      dateFormatAmbiguous: false,
      rowCount: parsed.rows.length + parsed.errors.length + parsed.skipped,
    };
  }
  const delimiter = detectDelimiter(text);
  const { records } = readCsvTable(text, delimiter);
  const guess = detectMapping(records, delimiter, defaultCurrency);
  const first = guess ? guess.mapping.skipRows + (guess.mapping.hasHeader ? 1 : 0) : 0;
  const width = Math.max(0, ...records.slice(0, 50).map((r) => r.length));
  return {
    format,
    delimiter,
    headers: guess?.headers ?? Array.from({ length: width }, (_, i) => `Column ${i + 1}`),
    sampleRows: records.slice(first, first + 10).map((r) => r.map((c) => c.slice(0, 200))),
    mapping: guess?.mapping ?? null,
    dateFormatAmbiguous: guess?.dateFormatAmbiguous ?? false,
    rowCount: Math.max(0, records.length - first),
  };
}

/** Parses a whole statement; CSV needs a mapping (detected when null). */
export function parseStatement(
  format: ImportFormat,
  text: string,
  mapping: ColumnMapping | null,
  options: ParseOptions,
): ParseResult {
  if (format === 'ofx') return parseOfx(text, options);
  if (format === 'qif') return parseQif(text, options);
  const delimiter = detectDelimiter(text);
  const table = readCsvTable(text, delimiter);
  const chosen = mapping ?? detectMapping(table.records, delimiter, options.defaultCurrency)?.mapping;
  if (!chosen) {
    return {
      rows: [],
      errors: [{ line: 0, message: 'No date, amount and merchant columns found' }],
      skipped: 0,
    };
  }
  return applyMapping(table, chosen, options);
}
