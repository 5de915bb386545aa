import type { ReactNode } from 'react';
import { ArrowLeft, Download, FileQuestion } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  REPORT_KEYS,
  REPORT_LIBRARY,
  type ReportDocument,
  type ReportFormat,
  type ReportKey,
} from '@common/contracts/reports';
import { todayInTimeZone } from '@common/dates';
import { formatReportDate } from '@common/report-format';
import { formatProseDateTime } from '@common/wording';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LabelledInput } from '@/components/ui/labelled-input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { reportUrl, useReport } from '../api/get-report';
import { periodPresets } from './period-presets';
import { ReportSections } from './report-sections';

const DOWNLOADS: Array<{ format: ReportFormat; label: string }> = [
  { format: 'pdf', label: 'PDF' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'csv', label: 'CSV' },
];

/** The CSV holds every table of the report, each under its title: the button says so. */
function downloadLabel(format: ReportFormat, label: string, doc: ReportDocument | undefined): string {
  if (format !== 'csv' || !doc) return label;
  const tables = doc.sections.filter((s) => s.type === 'table').length;
  return tables > 1 ? `CSV (all ${tables} tables)` : label;
}

const isReportKey = (key: string | undefined): key is ReportKey =>
  key !== undefined && (REPORT_KEYS as readonly string[]).includes(key);

/** /app/reports/:key — the report on screen for a period (URL state `from`, `to`), with its downloads. */
/** One report on screen. `actions` adds header buttons for the report (e.g. "Schedule"). */
export function ReportPage({ actions }: { actions?: (key: ReportKey) => ReactNode }) {
  const { key } = useParams();
  if (!isReportKey(key)) {
    return (
      <EmptyState
        icon={FileQuestion}
        title="This report does not exist"
        description="Pick one from the report library."
        action={
          <Button asChild variant="outline">
            <Link to="/app/reports">Back to reports</Link>
          </Button>
        }
      />
    );
  }
  return <KnownReport reportKey={key} actions={actions?.(key)} />;
}

function KnownReport({ reportKey, actions }: { reportKey: ReportKey; actions?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const report = useReport(reportKey, from, to);
  const doc = report.data;
  const presets = periodPresets(reportKey, todayInTimeZone(new Date()));
  const setPeriod = (next: { from?: string; to?: string }) => {
    const search = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value) search.set(name, value);
      else search.delete(name);
    }
    setParams(search, { replace: true });
  };
  const range = { from, to };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <Link
        to="/app/reports"
        className="flex items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Reports
      </Link>
      <PageHeader
        title={REPORT_LIBRARY[reportKey].title}
        description={
          doc
            ? `${doc.periodLabel} · generated ${formatProseDateTime(doc.generatedAt)} · amounts in ${doc.currency}`
            : REPORT_LIBRARY[reportKey].description
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {actions}
            {DOWNLOADS.map((d) => (
              <Button key={d.format} variant="outline" size="sm" asChild>
                <a href={reportUrl(reportKey, d.format, range)} download data-testid={`download-${d.format}`}>
                  <Download className="size-4" aria-hidden /> {downloadLabel(d.format, d.label, doc)}
                </a>
              </Button>
            ))}
          </div>
        }
      />
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Period">
        <div className="flex flex-wrap gap-1">
          {presets.map((p) => {
            const active = p.from === from && p.to === to;
            return (
              <Button
                key={p.label}
                size="sm"
                variant={active ? 'default' : 'outline'}
                aria-pressed={active}
                onClick={() => setPeriod({ from: p.from, to: p.to })}
              >
                {p.label}
              </Button>
            );
          })}
        </div>
        <LabelledInput
          id="report-from"
          label="From"
          type="date"
          value={from || doc?.from || ''}
          onChange={(e) => setPeriod({ from: e.target.value, to: to || doc?.to })}
        />
        <LabelledInput
          id="report-to"
          label="To"
          type="date"
          value={to || doc?.to || ''}
          onChange={(e) => setPeriod({ from: from || doc?.from, to: e.target.value })}
        />
      </div>
      {report.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : !doc ? (
        <p className="text-sm text-destructive" role="alert">
          The report could not be made: {errorMessage(report.error)}
        </p>
      ) : (
        <>
          <div
            className={cn('flex flex-wrap items-center gap-3 rounded-md px-4 py-3 text-white')}
            style={{ background: doc.branding.primaryColor }}
            data-testid="report-band"
          >
            {doc.branding.logoUrl && (
              <img src={doc.branding.logoUrl} alt="" className="h-8 max-w-32 object-contain" />
            )}
            <span className="font-semibold">{doc.branding.name}</span>
            <span className="ml-auto text-sm opacity-90">
              {formatReportDate(doc.from)} – {formatReportDate(doc.to)}
            </span>
          </div>
          <ReportSections doc={doc} />
        </>
      )}
    </div>
  );
}
