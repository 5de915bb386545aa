import { formatMonthRange } from '@common/analytics-range';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import type { AnalyticsMoversResponse, AnalyticsRangeQuery } from '@common/contracts/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useMovers } from '../api/get-movers';
import { money, signedMoney, signedPercent } from './money';

type Mover = AnalyticsMoversResponse['increases'][number];

/** The applications whose spend grew and fell most against the period just before. */
export function MoversCard({ query }: { query: AnalyticsRangeQuery }) {
  const movers = useMovers(query);
  const data = movers.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top increases and decreases</CardTitle>
        {data && (
          <CardDescription data-testid="movers-window">
            {formatMonthRange({ from: data.from, to: data.to })} against{' '}
            {formatMonthRange({ from: data.previousFrom, to: data.previousTo })}; &ldquo;new&rdquo;: no spend in the
            period before
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {movers.isPending ? (
          <Spinner />
        ) : !data ? (
          <p className="text-sm text-muted-foreground">
            The changes could not be loaded: {errorMessage(movers.error)}
          </p>
        ) : (
          <div className="grid gap-6">
            <MoverList
              title="Increases"
              icon={<TrendingUp className="size-4 text-destructive" />}
              items={data.increases}
              currency={data.currency}
            />
            <MoverList
              title="Decreases"
              icon={<TrendingDown className="size-4 text-success" />}
              items={data.decreases}
              currency={data.currency}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function MoverList({
  title,
  icon,
  items,
  currency,
}: {
  title: string;
  icon: React.ReactNode;
  items: Mover[];
  currency: string;
}) {
  return (
    <section aria-label={title} className="grid content-start gap-2">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        {icon} {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {title.toLowerCase()} against the period before.</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {items.map((m) => (
            <li key={m.subscriptionId ?? m.name} className="flex items-baseline justify-between gap-3">
              {m.subscriptionId ? (
                <Link
                  to={`/app/subscriptions/${m.subscriptionId}`}
                  className="min-w-0 flex-1 truncate hover:underline"
                  title={m.name}
                >
                  {m.name}
                </Link>
              ) : (
                <span className="min-w-0 flex-1 truncate" title={m.name}>
                  {m.name}
                </span>
              )}
              <span className="shrink-0 text-right tabular-nums">
                {signedMoney(m.changeMinor, currency)}
                <span className="block text-xs text-muted-foreground">
                  {m.kind === 'change' ? signedPercent(m.changePercent) : m.kind} · now{' '}
                  {money(m.currentMinor, currency)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
