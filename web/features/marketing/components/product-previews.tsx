import { AlarmClock, AppWindow, Bell, CalendarClock, CircleDollarSign, LayoutDashboard, Receipt, Sparkles, TrendingDown, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { AppTile } from './app-chip';

/** A browser-like frame around an illustration of the product. */
export function ProductFrame({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  return (
    <figure className={cn('overflow-hidden rounded-xl border bg-card shadow-2xl shadow-primary/5 ring-1 ring-black/5', className)}>
      <div className="flex items-center gap-2 border-b bg-muted/40 px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-rose-400/80" />
        <span className="size-2.5 rounded-full bg-amber-400/80" />
        <span className="size-2.5 rounded-full bg-emerald-400/80" />
        <span className="ml-3 truncate rounded-md bg-background px-3 py-0.5 text-[11px] text-muted-foreground">{label}</span>
      </div>
      {children}
      <figcaption className="sr-only">Illustration of the Stackwise app with sample data</figcaption>
    </figure>
  );
}

const BARS = [31, 34, 33, 38, 36, 41, 40, 44, 42, 39, 37, 38];
const MONTHS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

function MiniStat({ icon: Icon, label, value, note }: { icon: typeof Wallet; label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border bg-background p-3">
      <div className="flex items-center justify-between text-[11px] text-muted-foreground">
        {label}
        <Icon className="size-3.5 text-primary" aria-hidden />
      </div>
      <p className="mt-1 text-lg font-semibold tabular-nums">{value}</p>
      <p className="text-[10px] text-muted-foreground">{note}</p>
    </div>
  );
}

/** The dashboard: key figures, spend by month, next renewals. Sample data. */
export function DashboardPreview() {
  const max = Math.max(...BARS);
  return (
    <ProductFrame label="app.stackwise — Dashboard">
      <div className="flex">
        <div className="hidden w-12 shrink-0 flex-col items-center gap-3 border-r py-4 sm:flex" aria-hidden>
          {[LayoutDashboard, AppWindow, CalendarClock, Receipt, Wallet, Sparkles].map((Icon, i) => (
            <span key={i} className={cn('flex size-7 items-center justify-center rounded-md', i === 0 ? 'bg-primary/15 text-primary' : 'text-muted-foreground')}>
              <Icon className="size-4" />
            </span>
          ))}
        </div>
        <div className="grid min-w-0 flex-1 gap-3 p-3 sm:p-4">
          <div className="flex items-center justify-between">
            <p className="text-sm font-semibold">Good morning, Maya</p>
            <span className="flex items-center gap-2 text-muted-foreground">
              <Bell className="size-4" aria-hidden />
              <span className="size-6 rounded-full bg-gradient-to-br from-indigo-400 to-violet-600" />
            </span>
          </div>
          <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
            <MiniStat icon={AppWindow} label="Applications" value="64" note="8 added this quarter" />
            <MiniStat icon={CircleDollarSign} label="Monthly spend" value="$38,420" note="−6.2% vs. last month" />
            <MiniStat icon={CalendarClock} label="Renewals" value="7" note="Next 30 days" />
            <MiniStat icon={TrendingDown} label="Savings found" value="$41.9k" note="Per year" />
          </div>
          <div className="grid gap-2 lg:grid-cols-5">
            <div className="rounded-lg border bg-background p-3 lg:col-span-3">
              <p className="text-[11px] font-medium text-muted-foreground">Spend by month (thousands)</p>
              <div className="mt-3 flex h-24 items-end gap-1.5" aria-hidden>
                {BARS.map((value, i) => (
                  <div key={i} className="flex flex-1 flex-col items-center gap-1">
                    <div
                      className={cn('w-full rounded-sm', i === 7 ? 'bg-primary' : 'bg-primary/35')}
                      style={{ height: `${(value / max) * 84 - 20}px` }}
                    />
                    <span className="text-[9px] text-muted-foreground">{MONTHS[i]}</span>
                  </div>
                ))}
              </div>
            </div>
            <div className="rounded-lg border bg-background p-3 lg:col-span-2">
              <p className="text-[11px] font-medium text-muted-foreground">Cancel-by dates</p>
              <ul className="mt-2 grid gap-2">
                {[
                  { name: 'Salesforce', due: 'in 4 days', tone: 'destructive' as const },
                  { name: 'Figma', due: 'in 12 days', tone: 'warning' as const },
                  { name: 'Zoom', due: 'in 26 days', tone: 'secondary' as const },
                ].map((row) => (
                  <li key={row.name} className="flex items-center gap-2 text-xs">
                    <AppTile name={row.name} className="size-5 text-[9px]" />
                    <span className="flex-1 truncate font-medium">{row.name}</span>
                    <Badge variant={row.tone} className="px-1.5 text-[10px]">
                      {row.due}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </ProductFrame>
  );
}

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
    { title: '14 Figma seats unused for 60+ days', detail: 'Reclaim before the March renewal.', saving: '$3,360/yr', tone: 'bg-emerald-500' },
    { title: 'Zoom and Google Meet overlap', detail: '92% of Zoom users also joined Meet calls this month.', saving: '$6,120/yr', tone: 'bg-sky-500' },
    { title: 'Notion is cheaper billed annually', detail: 'Monthly billing costs 20% more for the same 40 seats.', saving: '$1,920/yr', tone: 'bg-violet-500' },
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
