// One table section of a report as CSV, through the server's one CSV writer (formula neutralising,
// BOM, CRLF): money as decimal numbers under a header that names the currency.
import type { ReportDocument, ReportSection } from '../../../../common/contracts/reports';
import { toCsv } from '../../../lib/table-export/csv';
import { notFound } from '../../../errors';
import { resolveSectionTable } from './table-cells';

type TableSection = Extract<ReportSection, { type: 'table' }>;

/** The table `id` (default: the report's first table), or 404 when the report has none by that id. */
export function pickTable(doc: ReportDocument, id?: string): TableSection {
  const tables = doc.sections.filter((s): s is TableSection => s.type === 'table');
  const table = id ? tables.find((t) => t.id === id) : tables[0];
  if (!table) throw notFound(id ? `Table "${id}" of this report` : 'A table in this report');
  return table;
}

export function reportCsv(doc: ReportDocument, tableId?: string): Buffer {
  const table = pickTable(doc, tableId);
  return Buffer.from(toCsv(resolveSectionTable(doc, table, table.title, { unitsInHeader: true })), 'utf8');
}
