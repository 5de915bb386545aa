// The one CSV writer of the server: RFC 4180 through csv-stringify, CRLF, and a byte-order mark so
// spreadsheet apps read UTF-8 names correctly.
import { stringify } from 'csv-stringify/sync';
import { toDecimalString } from '../../../common/money';
import type { ExportCell, ResolvedTable } from './columns';

function csvValue(cell: ExportCell): string {
  if (cell === null) return '';
  if (cell.kind === 'money') return toDecimalString(cell.minor, cell.currency);
  return String(cell.value);
}

export function toCsv(table: ResolvedTable): string {
  const records = [table.columns.map((c) => c.header), ...table.cells.map((row) => row.map(csvValue))];
  return stringify(records, { bom: true, record_delimiter: 'windows', quote_record_delimiter: true });
}

/**
 * Several tables in one CSV file: each under a line with its name, a blank line between them, so a
 * spreadsheet opens every table of a report, not only the first.
 */
export function toCsvSections(tables: readonly ResolvedTable[]): string {
  const records: string[][] = [];
  tables.forEach((table, i) => {
    if (i > 0) records.push([]);
    records.push([table.name]);
    records.push(table.columns.map((c) => c.header));
    for (const row of table.cells) records.push(row.map(csvValue));
  });
  return stringify(records, { bom: true, record_delimiter: 'windows', quote_record_delimiter: true });
}
