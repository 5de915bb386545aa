import { Link } from 'react-router';
import { OPEN_INSIGHT_STATES, type Insight } from '@common/contracts/insights';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoneyMinor } from '@/lib/format';
import { ApplicationLinks, insightPath, SavingText, shownSavingMinor } from './insight-bits';

const isOpen = (insight: Insight) => (OPEN_INSIGHT_STATES as readonly string[]).includes(insight.state);

/**
 * Optimize's "Priced above benchmark": the open price_above_list opportunities the pipeline already
 * holds (the insights engine compares with the same list-price benchmark as the application page).
 */
export function PricedAboveList({ items, currency }: { items: Insight[]; currency: string }) {
  const above = items.filter((i) => i.type === 'price_above_list' && isOpen(i));
  if (above.length === 0) return null;
  const total = above.reduce((sum, i) => sum + (shownSavingMinor(i) ?? 0), 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Priced above benchmark</CardTitle>
        <CardDescription>
          {above.length} application{above.length === 1 ? '' : 's'} paying more than the public list price:{' '}
          {formatMoneyMinor(total, currency)} per year counted. Each application page shows its benchmark.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Priced above benchmark">
          {above.map((insight) => (
            <li
              key={insight.id}
              className="flex flex-col gap-1 rounded-md border p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-3"
            >
              <div className="grid gap-1">
                <Link to={insightPath(insight.id)} className="text-sm font-medium hover:underline">
                  {insight.title}
                </Link>
                <ApplicationLinks insight={insight} />
              </div>
              <SavingText insight={insight} className="shrink-0 text-sm sm:text-right" />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
