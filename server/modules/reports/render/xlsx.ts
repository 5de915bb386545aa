// A report as a workbook: a "Summary" sheet (title, period, generation time, KPIs), then one sheet
// per table section, through the server's one XLSX writer.
import type { ReportDocument, ReportSection } from '../../../../common/contracts/reports';
import { formatPeriod } from '../../../../common/report-format';
import type { ExportCell } from '../../../lib/table-export/columns';
import { toXlsx } from '../../../lib/table-export/xlsx';
import { reportCell, resolveSectionTable } from './table-cells';

type TableSection = Extract<ReportSection, { type: 'table' }>;

export function reportXlsx(doc: ReportDocument): Promise<Buffer> {
  const text = (value: string): ExportCell => ({ kind: 'text', value });
  const lines = [
    { label: 'Report', cell: text(doc.title) },
    { label: 'Organization', cell: text(doc.branding.name) },
    { label: 'Period', cell: text(formatPeriod(doc.from, doc.to)) },
    { label: 'From', cell: { kind: 'date', value: doc.from } as ExportCell },
    { label: 'To', cell: { kind: 'date', value: doc.to } as ExportCell },
    {
      label: 'Generated (UTC)',
      cell: text(new Date(doc.generatedAt).toISOString().slice(0, 16).replace('T', ' ')),
    },
    { label: 'Currency', cell: text(doc.currency) },
  ];
  for (const section of doc.sections) {
    if (section.type !== 'kpis') continue;
    for (const kpi of section.items) {
      lines.push({ label: kpi.label, cell: reportCell(kpi.value, kpi.format, doc.currency) });
    }
  }
  const tables = doc.sections
    .filter((s): s is TableSection => s.type === 'table')
    .map((t) => resolveSectionTable(doc, t, t.title));
  return toXlsx(tables, { name: 'Summary', title: doc.title, lines });
}
