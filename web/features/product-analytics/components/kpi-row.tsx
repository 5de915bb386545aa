import type { ProductOverview } from '@common/contracts/product-analytics';
import { Card, CardContent } from '@/components/ui/card';
import { formatMoneyMinor, formatNumber } from '@/lib/format';
import { percentText } from './format';

function Kpi({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {detail && <span className="text-xs text-muted-foreground">{detail}</span>}
      </CardContent>
    </Card>
  );
}

/** Seats purchased, assigned and active, utilisation and what unused seats cost a month. */
export function KpiRow({ overview }: { overview: ProductOverview }) {
  const t = overview.totals;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" data-testid="kpi-row">
      <Kpi label="Seats purchased" value={formatNumber(t.purchased)} />
      <Kpi
        label="Seats assigned"
        value={formatNumber(t.assigned)}
        detail={`${percentText(t.assignedPct)} of purchased`}
      />
      <Kpi
        label="Active seats"
        value={formatNumber(t.active)}
        detail={`Seen in the last ${overview.inactivityDays} days`}
      />
      <Kpi
        label="Utilisation"
        value={percentText(t.usagePct)}
        detail={`${percentText(t.activePct)} of assigned seats active`}
      />
      <Kpi
        label="Unused seats cost"
        value={formatMoneyMinor(t.unusedCostMinor, overview.currency)}
        detail="a month"
      />
    </div>
  );
}
