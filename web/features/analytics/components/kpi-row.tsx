import type { AnalyticsSpendResponse } from '@common/contracts/analytics';
import { Card, CardContent } from '@/components/ui/card';
import { UnconvertedNote } from '@/components/fx/lazy-unconverted-note';
import { formatNumber } from '@/lib/format';
import { money, signedMoney, signedPercent } from './money';
import { COMPARE_LABELS, type CompareMode } from './range';
import { ScaleLockedButton } from './scale-locked';

function Kpi({ label, value, note }: { label: string; value: string; note?: React.ReactNode }) {
  return (
    <Card data-testid="kpi">
      <CardContent className="grid gap-1 pt-5">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {note && <span className="text-xs text-muted-foreground">{note}</span>}
      </CardContent>
    </Card>
  );
}

interface Props {
  data: AnalyticsSpendResponse;
  compare: CompareMode | null;
  advanced: boolean;
}

/** Actual, committed, cost per employee and the change against the comparison period (Scale). */
export function KpiRow({ data, compare, advanced }: Props) {
  const { totals, currency } = data;
  const previous = data.compare?.totals.actualMinor ?? null;
  const change = previous === null ? null : totals.actualMinor - previous;
  const changePercent = previous ? ((totals.actualMinor - previous) / previous) * 100 : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Kpi
        label={`Actual spend (${currency})`}
        value={money(totals.actualMinor, currency)}
        note={
          <UnconvertedNote
            total={{ currency, amountMinor: totals.actualMinor, unconverted: data.unconverted }}
          />
        }
      />
      <Kpi
        label={`Committed spend (${currency})`}
        value={money(totals.committedMinor, currency)}
        note="What the applications' contracts cost over the range"
      />
      <Kpi
        label="Cost per employee"
        value={totals.costPerEmployeeMinor === null ? '—' : money(totals.costPerEmployeeMinor, currency)}
        note={
          totals.employees === null
            ? 'Add people to the directory to see it'
            : `${formatNumber(totals.employees)} active ${totals.employees === 1 ? 'person' : 'people'}`
        }
      />
      {advanced ? (
        <Kpi
          label={compare ? `Change vs ${COMPARE_LABELS[compare].toLowerCase()}` : 'Change'}
          value={change === null ? '—' : signedMoney(change, currency)}
          note={
            change === null
              ? 'Pick a period to compare with'
              : `${signedPercent(changePercent)} · was ${money(previous ?? 0, currency)}`
          }
        />
      ) : (
        <Card data-testid="kpi">
          <CardContent className="grid gap-2 pt-5">
            <span className="text-sm text-muted-foreground">Change vs previous period</span>
            <ScaleLockedButton reason="Comparing periods needs the Scale plan.">
              Compare periods
            </ScaleLockedButton>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
