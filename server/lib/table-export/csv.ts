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
