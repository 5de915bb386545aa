// A report's tables as CSV, through the server's one CSV writer (formula neutralising, BOM, CRLF):
// money as decimal numbers under a header that names the currency. Without `table`, every table of
// the report, each under its title (a report with one table gives just that table).
import type { ReportDocument, ReportSection } from '../../../../common/contracts/reports';
import { toCsv, toCsvSections } from '../../../lib/table-export/csv';
import { notFound } from '../../../errors';
import { resolveSectionTable } from './table-cells';

type TableSection = Extract<ReportSection, { type: 'table' }>;

/** The table `id` (default: the report's first table), or 404 when the report has none by that id. */
export function pickTable(doc: ReportDocument, id?: string): TableSection {
  const tables = tablesOf(doc);
  const table = id ? tables.find((t) => t.id === id) : tables[0];
  if (!table) throw notFound(id ? `Table "${id}" of this report` : 'A table in this report');
  return table;
}

/** The report's table sections. */
export const tablesOf = (doc: ReportDocument): TableSection[] =>
  doc.sections.filter((s): s is TableSection => s.type === 'table');

export function reportCsv(doc: ReportDocument, tableId?: string): Buffer {
  const resolve = (t: TableSection) =>
    resolveSectionTable(doc, t, t.title || doc.title, { unitsInHeader: true });
  const tables = tablesOf(doc);
  if (tableId || tables.length <= 1) return Buffer.from(toCsv(resolve(pickTable(doc, tableId))), 'utf8');
  return Buffer.from(toCsvSections(tables.map(resolve)), 'utf8');
}
