// The e-mail a scheduled report goes out in: the report's headline figures as "label: value"
// lines, the period, and a link to the report on the app for the same dates.
import type { ReportDocument } from '../../../common/contracts/reports';
import { formatAmount } from '../../../common/money';
import { actionMail, type RenderedMail } from '../../email/templates';
import { formatDay } from '../alerts';

type Kpi = Extract<ReportDocument['sections'][number], { type: 'kpis' }>['items'][number];

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A KPI's value as the report shows it; '—' when there is none. */
export function formatKpiValue(kpi: Kpi, currency: string): string {
  const { value } = kpi;
  if (value === null || value === '') return '—';
  if (typeof value === 'string' && kpi.format !== 'date') return value;
  switch (kpi.format) {
    case 'money':
      return formatAmount(Number(value), currency);
    case 'percent':
      return `${numberFormat.format(Number(value))} %`;
    case 'number':
      return numberFormat.format(Number(value));
    case 'date':
      return typeof value === 'string' ? formatDay(value) : String(value);
    case 'text':
      return String(value);
  }
}

/** "Label: value (hint)" for each KPI of the report's first KPI section. */
export function kpiLines(document: ReportDocument): string[] {
  const section = document.sections.find((s) => s.type === 'kpis');
  if (!section || section.type !== 'kpis') return [];
  return section.items.map((kpi) => {
    const hint = kpi.hint ? ` (${kpi.hint})` : '';
    return `${kpi.label}: ${formatKpiValue(kpi, document.currency)}${hint}`;
  });
}

/** The report's page on the app for the same dates. */
export function reportUrl(appUrl: string, document: Pick<ReportDocument, 'key' | 'from' | 'to'>): string {
  const url = new URL(`/app/reports/${document.key}`, appUrl);
  url.searchParams.set('from', document.from);
  url.searchParams.set('to', document.to);
  return url.toString();
}

export function scheduledReportMail(opts: {
  scheduleName: string;
  document: ReportDocument;
  appUrl: string;
  firstName?: string | null;
  withWorkbook: boolean;
}): RenderedMail {
  const { document } = opts;
  const lines = kpiLines(document);
  const attached = opts.withWorkbook ? 'the PDF and the Excel workbook are attached' : 'the PDF is attached';
  return actionMail({
    subject: `[Stackwise] ${document.title} — ${document.periodLabel}`,
    greeting: `Hi ${opts.firstName || 'there'},`,
    paragraphs: [
      `Here is the ${document.title} report for ${document.periodLabel} (${formatDay(document.from)} to ${formatDay(document.to)}) from ${document.branding.name}: ${attached}.`,
      ...lines,
    ],
    actionText: 'Open the report',
    actionUrl: reportUrl(opts.appUrl, document),
    footer: `— Stackwise scheduled report "${opts.scheduleName}". Owners and admins change or stop it in Reports → Schedules.`,
  });
}
