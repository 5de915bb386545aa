import { AlarmClock, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { AppTile } from './app-chip';
import { ProductFrame } from './product-frame';

// Illustrations of Stackwise screens built from the real UI components, with sample data.

/** Upcoming renewals with notice periods. Sample data. */
export function RenewalsPreview() {
  const rows = [
    { name: 'HubSpot', renews: 'Mar 1', cancelBy: 'Jan 30', amount: '$21,600/yr', days: 9, auto: true },
    { name: 'Atlassian', renews: 'Mar 14', cancelBy: 'Feb 12', amount: '$9,840/yr', days: 22, auto: true },
    { name: 'Miro', renews: 'Mar 22', cancelBy: 'Mar 22', amount: '$3,200/yr', days: 60, auto: false },
    { name: 'Loom', renews: 'Apr 2', cancelBy: 'Mar 3', amount: '$1,500/yr', days: 41, auto: true },
  ];
  return (
    <ProductFrame label="app.stackwise — Renewals">
      <div className="divide-y">
        {rows.map((row) => (
          <div key={row.name} className="flex items-center gap-3 px-4 py-3">
            <AppTile name={row.name} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{row.name}</p>
              <p className="text-xs text-muted-foreground">
                Renews {row.renews} · cancel by {row.cancelBy}
              </p>
            </div>
            <div className="hidden text-right text-sm tabular-nums sm:block">{row.amount}</div>
            <Badge variant={row.days <= 14 ? 'destructive' : row.days <= 30 ? 'warning' : 'secondary'}>
              <AlarmClock className="size-3" aria-hidden />
              {row.days}d
            </Badge>
          </div>
        ))}
      </div>
    </ProductFrame>
  );
}

/** AI insights with their estimated savings. Sample data. */
export function InsightsPreview() {
  const insights = [
    {
      title: '14 Figma seats unused for 60+ days',
      detail: 'Reclaim before the March renewal.',
      saving: '$3,360/yr',
      tone: 'bg-emerald-500',
    },
    {
      title: 'Zoom and Google Meet overlap',
      detail: '92% of Zoom users also joined Meet calls this month.',
      saving: '$6,120/yr',
      tone: 'bg-sky-500',
    },
    {
      title: 'Notion is cheaper billed annually',
      detail: 'Monthly billing costs 20% more for the same 40 seats.',
      saving: '$1,920/yr',
      tone: 'bg-violet-500',
    },
  ];
  return (
    <ProductFrame label="app.stackwise — Insights">
      <div className="grid gap-3 p-4">
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <Sparkles className="size-3.5 text-primary" aria-hidden />
          Generated this morning from your applications, licenses and expenses
        </div>
        {insights.map((insight) => (
          <div key={insight.title} className="flex gap-3 rounded-lg border bg-background p-3">
            <span className={cn('mt-1 size-2 shrink-0 rounded-full', insight.tone)} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{insight.title}</p>
              <p className="text-xs text-muted-foreground">{insight.detail}</p>
            </div>
            <span className="shrink-0 text-sm font-semibold text-success tabular-nums">{insight.saving}</span>
          </div>
        ))}
      </div>
    </ProductFrame>
  );
}

/** A contract's timeline: term, notice deadline, renewal. Sample data. */
export function ContractPreview() {
  return (
    <ProductFrame label="app.stackwise — Contract">
      <div className="grid gap-4 p-4 sm:p-5">
        <div className="flex items-center gap-3">
          <AppTile name="Salesforce" className="size-9 text-sm" />
          <div>
            <p className="text-sm font-semibold">Salesforce Sales Cloud — Enterprise</p>
            <p className="text-xs text-muted-foreground">3-year term · 45 seats · auto-renews</p>
          </div>
          <Badge variant="warning" className="ml-auto hidden sm:inline-flex">
            Notice due soon
          </Badge>
        </div>
        <div className="relative mt-2 h-2 rounded-full bg-muted" aria-hidden>
          <div className="absolute inset-y-0 left-0 w-[86%] rounded-full bg-primary/60" />
          <span className="absolute -top-1 left-[86%] size-4 -translate-x-1/2 rounded-full border-2 border-background bg-warning" />
          <span className="absolute -top-1 right-0 size-4 rounded-full border-2 border-background bg-primary" />
        </div>
        <div className="grid grid-cols-3 text-xs">
          <div>
            <p className="text-muted-foreground">Started</p>
            <p className="font-medium">Apr 1, 2023</p>
          </div>
          <div className="text-center">
            <p className="text-muted-foreground">Cancel by</p>
            <p className="font-medium text-warning">Jan 31, 2026</p>
          </div>
          <div className="text-right">
            <p className="text-muted-foreground">Renews</p>
            <p className="font-medium">Apr 1, 2026</p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
          {[
            ['Total value', '$226,800'],
            ['Notice period', '60 days'],
            ['Price cap', '7% / year'],
            ['Documents', '3 files'],
          ].map(([k, v]) => (
            <div key={k} className="rounded-md border bg-background p-2">
              <p className="text-muted-foreground">{k}</p>
              <p className="font-medium tabular-nums">{v}</p>
            </div>
          ))}
        </div>
      </div>
    </ProductFrame>
  );
}

/** Spend split by category as a ring. Sample data. */
export function CategoryPreview() {
  const slices = [
    { label: 'Sales & CRM', value: 31, color: '#6366f1' },
    { label: 'Engineering', value: 24, color: '#0ea5e9' },
    { label: 'Collaboration', value: 19, color: '#10b981' },
    { label: 'Design', value: 14, color: '#f59e0b' },
    { label: 'Other', value: 12, color: '#a1a1aa' },
  ];
  let offset = 0;
  return (
    <ProductFrame label="app.stackwise — Spend by category">
      <div className="flex flex-col items-center gap-6 p-5 sm:flex-row">
        <svg viewBox="0 0 42 42" className="size-40 shrink-0 -rotate-90" aria-hidden>
          {slices.map((slice) => {
            const circle = (
              <circle
                key={slice.label}
                cx="21"
                cy="21"
                r="15.915"
                fill="none"
                stroke={slice.color}
                strokeWidth="6"
                strokeDasharray={`${slice.value} ${100 - slice.value}`}
                strokeDashoffset={-offset}
              />
            );
            offset += slice.value;
            return circle;
          })}
        </svg>
        <ul className="grid w-full gap-2 text-sm">
          {slices.map((slice) => (
            <li key={slice.label} className="flex items-center gap-2">
              <span className="size-2.5 rounded-sm" style={{ backgroundColor: slice.color }} />
              <span className="flex-1 text-muted-foreground">{slice.label}</span>
              <span className="font-medium tabular-nums">{slice.value}%</span>
            </li>
          ))}
        </ul>
      </div>
    </ProductFrame>
  );
}
