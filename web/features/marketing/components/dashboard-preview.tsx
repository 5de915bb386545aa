import {
  AppWindow,
  Bell,
  CalendarClock,
  CircleDollarSign,
  LayoutDashboard,
  Receipt,
  Sparkles,
  TrendingDown,
  Wallet,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { AppTile } from './app-chip';
import { ProductFrame } from './product-frame';

const BARS = [31, 34, 33, 38, 36, 41, 40, 44, 42, 39, 37, 38];
const MONTHS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

function MiniStat({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: typeof Wallet;
  label: string;
  value: string;
  note: string;
}) {
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
            <span
              key={i}
              className={cn(
                'flex size-7 items-center justify-center rounded-md',
                i === 0 ? 'bg-primary/15 text-primary' : 'text-muted-foreground',
              )}
            >
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
            <MiniStat
              icon={CircleDollarSign}
              label="Monthly spend"
              value="$38,420"
              note="−6.2% vs. last month"
            />
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
