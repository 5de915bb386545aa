import { CsvError, parseCsv } from '../imports';

// An uploaded CSV as a table of named cells, on the applications import's RFC 4180 reader.

export interface CsvTable {
  headers: string[];
  /** Data rows as header → trimmed cell, numbered like spreadsheet rows (the header is row 1). */
  rows: Array<{ line: number; cells: Record<string, string> }>;
}

export { CsvError };

/** Names blank and duplicate headers so every column stays addressable; refuses empty or huge files. */
export function readCsvTable(text: string, maxRows: number): CsvTable {
  const parsed = parseCsv(text);
  if (parsed.header.length === 0) throw new CsvError('The file is empty.');
  if (parsed.rows.length > maxRows) {
    throw new CsvError(`The file has ${parsed.rows.length} rows; at most ${maxRows} can be imported at once.`);
  }
  const seen = new Map<string, number>();
  const headers = parsed.header.map((raw, index) => {
    const base = raw || `Column ${index + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const rows = parsed.rows.map((fields, index) => {
    const cells: Record<string, string> = {};
    headers.forEach((header, column) => {
      cells[header] = (fields[column] ?? '').trim();
    });
    return { line: index + 2, cells };
  });
  return { headers, rows };
}
