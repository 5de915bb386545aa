import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportDocument, ReportSection } from '@common/contracts/reports';
import { formatReportValue } from '@common/report-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { ChartCard, ChartFrame } from '@/components/charts/chart-frame';
import { axisStyle, tooltipStyle, legendStyle } from '@/components/charts/chart-style';

// Every section type of a report document, drawn generically: the screen shows the document's own
// figures, formatted by the same function as the PDF, so the screen and the files agree.

const PALETTE = ['#0EA5E9', '#F59E0B', '#10B981', '#EF4444', '#8B5CF6', '#EC4899', '#64748B', '#84CC16'];
const seriesColor = (primary: string, i: number) => (i === 0 ? primary : PALETTE[(i - 1) % PALETTE.length]);
const TONES = { good: 'text-emerald-600', bad: 'text-red-600', neutral: 'text-muted-foreground' } as const;
const numeric = (format: string) => format === 'money' || format === 'number' || format === 'percent';

type Section<T extends ReportSection['type']> = Extract<ReportSection, { type: T }>;

function KpiSection({ section, doc }: { section: Section<'kpis'>; doc: ReportDocument }) {
  return (
    <section className="grid gap-3" aria-label={section.title || 'Key figures'}>
      {section.title && <h2 className="text-lg font-semibold">{section.title}</h2>}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {section.items.map((kpi) => (
          <Card
            key={kpi.label}
            data-testid="report-kpi"
            style={{ borderLeftColor: doc.branding.primaryColor, borderLeftWidth: 3 }}
          >
            <CardContent className="grid gap-1 pt-5">
              <span className="text-sm text-muted-foreground">{kpi.label}</span>
              <span className="text-2xl font-semibold tabular-nums">
                {formatReportValue(kpi.value, kpi.format, doc.currency)}
              </span>
              {kpi.hint && <span className={cn('text-xs', TONES[kpi.tone ?? 'neutral'])}>{kpi.hint}</span>}
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

function ChartSection({ section, doc }: { section: Section<'chart'>; doc: ReportDocument }) {
  const rows = section.categories.map((category, i) => ({
    category,
    ...Object.fromEntries(section.series.map((s) => [s.name, s.values[i] ?? null])),
  }));
  const format = (v: unknown) =>
    formatReportValue(typeof v === 'number' ? v : null, section.format, doc.currency);
  const tick = (v: number) => formatReportValue(v, section.format, doc.currency, { compact: true });
  const common = {
    data: rows,
    margin: { top: 8, right: 16, bottom: 4, left: 4 },
  };
  // Readable axes at any width: ticks never overlap (recharts drops the ones that would), the
  // labels keep a gap, and the value axis is as wide as its longest compact label.
  const widest = Math.max(
    0,
    ...section.series.flatMap((s) => s.values.map((v) => (typeof v === 'number' ? tick(v).length : 0))),
  );
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
      <XAxis dataKey="category" interval="preserveStartEnd" minTickGap={16} tickMargin={8} {...axisStyle} />
      <YAxis tickFormatter={tick} width={Math.min(96, Math.max(48, widest * 8 + 12))} {...axisStyle} />
      <Tooltip formatter={(v, name) => [format(v), name]} {...tooltipStyle} />
      {section.series.length > 1 && <Legend {...legendStyle} />}
    </>
  );
  return (
    <ChartCard className="min-w-0" title={section.title}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No data for this period.</p>
      ) : (
        <ChartFrame className="h-72 w-full min-w-0" data-testid="report-chart" minWidth={0}>
          {section.chart === 'line' ? (
            <LineChart {...common}>
              {axes}
              {section.series.map((s, i) => (
                <Line
                  key={s.name}
                  type="monotone"
                  dataKey={s.name}
                  stroke={seriesColor(doc.branding.primaryColor, i)}
                  strokeWidth={2}
                  connectNulls={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart {...common}>
              {axes}
              {section.series.map((s, i) => (
                <Bar
                  key={s.name}
                  dataKey={s.name}
                  fill={seriesColor(doc.branding.primaryColor, i)}
                  stackId={section.chart === 'stacked-bar' ? 'stack' : undefined}
                />
              ))}
            </BarChart>
          )}
        </ChartFrame>
      )}
    </ChartCard>
  );
}

function TableSection({ section, doc }: { section: Section<'table'>; doc: ReportDocument }) {
  const cell = (row: Record<string, string | number | null>, column: Section<'table'>['columns'][number]) =>
    formatReportValue(row[column.key], column.format, doc.currency);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{section.title}</CardTitle>
      </CardHeader>
      {section.rows.length === 0 ? (
        <CardContent>
          <p className="text-sm text-muted-foreground">{section.empty ?? 'Nothing in this period.'}</p>
        </CardContent>
      ) : (
        <Table data-testid={`report-table-${section.id}`}>
          <TableHeader>
            <TableRow>
              {section.columns.map((c) => (
                <TableHead key={c.key} className={cn(numeric(c.format) && 'text-right')}>
                  {c.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.rows.map((row, i) => (
              <TableRow key={i}>
                {section.columns.map((c) => (
                  <TableCell key={c.key} className={cn(numeric(c.format) && 'text-right tabular-nums')}>
                    {cell(row, c)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {section.totals && (
            <TableBody>
              <TableRow className="border-t-2 border-foreground/40 font-semibold" data-testid="report-totals">
                {section.columns.map((c) => (
                  <TableCell key={c.key} className={cn(numeric(c.format) && 'text-right tabular-nums')}>
                    {section.totals![c.key] === undefined ? '' : cell(section.totals!, c)}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          )}
        </Table>
      )}
    </Card>
  );
}

function TextSection({ section }: { section: Section<'text'> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{section.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {section.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </CardContent>
    </Card>
  );
}

export function ReportSections({ doc }: { doc: ReportDocument }) {
  // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page (a phone).
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6" data-testid="report-sections">
      {doc.sections.map((section) => {
        switch (section.type) {
          case 'kpis':
            return <KpiSection key={section.id} section={section} doc={doc} />;
          case 'chart':
            return <ChartSection key={section.id} section={section} doc={doc} />;
          case 'table':
            return <TableSection key={section.id} section={section} doc={doc} />;
          case 'text':
            return <TextSection key={section.id} section={section} />;
        }
      })}
    </div>
  );
}
