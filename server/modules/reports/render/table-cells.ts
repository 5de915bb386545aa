// A report table as the typed cells the shared table writers take (server/lib/table-export):
// money stays money in the report's currency, dates stay dates, percents stay numbers, text is
// formula-neutralised.
import type { ReportDocument, ReportSection, ValueFormat } from '../../../../common/contracts/reports';
import { neutralizeFormula, type ExportCell, type ResolvedTable } from '../../../lib/table-export/columns';

type TableSection = Extract<ReportSection, { type: 'table' }>;

export function reportCell(
  value: string | number | null | undefined,
  format: ValueFormat,
  currency: string,
): ExportCell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    return format === 'date' ? { kind: 'date', value } : { kind: 'text', value: neutralizeFormula(value) };
  }
  if (format === 'money') return { kind: 'money', minor: Math.round(value), currency };
  if (format === 'percent') return { kind: 'percent', value };
  return { kind: 'number', value };
}

/** The table's rows, then its totals row, as one resolved table named `name`. */
export function resolveSectionTable(
  doc: ReportDocument,
  table: TableSection,
  name: string,
  options: { unitsInHeader?: boolean } = {},
): ResolvedTable {
  const header = (c: TableSection['columns'][number]) => {
    if (!options.unitsInHeader) return c.label;
    if (c.format === 'money') return `${c.label} (${doc.currency})`;
    if (c.format === 'percent') return `${c.label} (%)`;
    return c.label;
  };
  const rows = [...table.rows, ...(table.totals ? [table.totals] : [])];
  return {
    name,
    columns: table.columns.map((c) => ({ header: header(c), width: c.format === 'text' ? 32 : 16 })),
    cells: rows.map((row) => table.columns.map((c) => reportCell(row[c.key], c.format, doc.currency))),
  };
}
