import { formatMoney } from '@common/money';
import type { PriceChange } from '@common/contracts/subscriptions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { usePriceHistory } from '../api/get-price-history';
import { CYCLE_LABELS } from './labels';
import { plural } from '@common/wording';

function describe(snapshot: PriceChange['to']): string {
  const seats =
    snapshot.pricingModel === 'per-seat' && snapshot.seats !== null
      ? ` · ${plural(snapshot.seats, 'seat')}`
      : '';
  return `${formatMoney(snapshot.amountMinor, snapshot.currency)} ${CYCLE_LABELS[snapshot.billingCycle].toLowerCase()}${seats}`;
}

/** Every change of amount, seats or cycle, with its date and who made it. */
export function PriceHistory({ id }: { id: string }) {
  const history = usePriceHistory(id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price history</CardTitle>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Spinner />
        ) : !history.data?.length ? (
          <p className="text-sm text-muted-foreground">No price changes recorded.</p>
        ) : (
          <ol className="grid gap-3">
            {history.data.map((change) => (
              <li key={change.id} className="grid gap-0.5 border-l-2 pl-3 text-sm">
                <span className="font-medium">
                  {change.from
                    ? `${describe(change.from)} → ${describe(change.to)}`
                    : `Started at ${describe(change.to)}`}
                </span>
                <span className="text-xs text-muted-foreground">
                  {formatDate(change.effectiveDate)}
                  {change.userName ? ` · ${change.userName}` : ''}
                  {change.source !== 'manual' ? ` · ${change.source}` : ''}
                  {' · '}
                  {formatMoney(change.to.monthlyMinor, change.to.currency)}/month
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
