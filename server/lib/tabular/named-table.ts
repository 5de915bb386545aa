// A table whose cells are addressed by header name (the people and usage imports map columns by
// name): blank and repeated headers get names, so every column stays addressable.
import { badRequest } from '../../errors';
import type { Table } from './read-table';

export interface NamedTable {
  headers: string[];
  /** Data rows as header → trimmed cell, with the file line (or sheet row) where each starts. */
  rows: Array<{ line: number; cells: Record<string, string> }>;
}

/** The header row and the rows under it; an empty file or one over `maxRows` rows is a 400. */
export function namedTable(table: Table, maxRows: number): NamedTable {
  const [header, ...records] = table.records;
  if (!header) throw badRequest('The file is empty.');
  if (records.length > maxRows) {
    throw badRequest(`The file has ${records.length} rows; at most ${maxRows} can be imported at once.`);
  }
  const seen = new Map<string, number>();
  const headers = header.map((raw, index) => {
    const base = raw.trim() || `Column ${index + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const rows = records.map((fields, index) => {
    const cells: Record<string, string> = {};
    headers.forEach((name, column) => {
      cells[name] = (fields[column] ?? '').trim();
    });
    return { line: table.lines[index + 1], cells };
  });
  return { headers, rows };
}
