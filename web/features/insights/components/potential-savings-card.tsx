import { ArrowRight, PiggyBank } from 'lucide-react';
import { Link } from 'react-router';
import { canUseFeature } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOrganization } from '@/lib/organizations/get-organization';
import { formatMoneyMinor, formatNumber } from '@/lib/format';
import { useInsightSummary } from '../api/get-insight-summary';
import { insightPath, SavingText } from './insight-bits';

/** The dashboard's "Potential savings": the yearly total, the open count and the top three (Growth and up). */
export function PotentialSavingsCard() {
  const organization = useOrganization();
  const allowed = organization.data ? canUseFeature(organization.data.viewPlan, 'insights') : false;
  const { data: summary, isPending, isError } = useInsightSummary(allowed);
  if (!allowed || isError) return null;

  return (
    <Card
      className="grid gap-4 p-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
      role="region"
      aria-label="Potential savings"
    >
      <div className="grid content-start gap-1">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <PiggyBank className="size-4 text-primary" aria-hidden /> Potential savings
        </h2>
        {isPending ? (
          <div className="mt-1 h-8 w-32 animate-pulse rounded bg-muted" />
        ) : (
          <>
            <p
              className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl"
              data-testid="potential-savings"
            >
              {formatMoneyMinor(summary.identifiedMinor, summary.currency)}
              <span className="text-sm font-normal text-muted-foreground"> / year</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {formatNumber(summary.openCount)} open{' '}
              {summary.openCount === 1 ? 'opportunity' : 'opportunities'}
            </p>
          </>
        )}
        <div className="pt-2">
          <Button variant="secondary" size="sm" asChild>
            <Link to="/app/insights">
              See all insights <ArrowRight />
            </Link>
          </Button>
        </div>
      </div>
      {summary &&
        (summary.topActions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing to act on right now. Insights are checked every day.
          </p>
        ) : (
          <ul className="grid content-start gap-2" aria-label="Top opportunities">
            {summary.topActions.slice(0, 3).map((insight) => (
              <li
                key={insight.id}
                className="flex items-start justify-between gap-3 rounded-md border p-2.5 text-sm"
              >
                <Link to={insightPath(insight.id)} className="min-w-0 font-medium hover:underline">
                  {insight.title}
                </Link>
                <SavingText insight={insight} className="shrink-0 text-right" />
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}
