import { Link } from 'react-router';
import type { InsightList, InsightSummary } from '@common/contracts/insights';
import { Card } from '@/components/ui/card';
import { formatMoneyMinor, formatNumber, formatRelative } from '@/lib/format';
import { insightPath, SavingText } from './insight-bits';
import { RefreshButton } from './refresh-button';

/** The day's summary: what could be saved, how many to act on, when they were found, the top three. */
export function InsightsSummary({
  list,
  summary,
  canRefresh,
}: {
  list: InsightList | undefined;
  summary: InsightSummary | undefined;
  canRefresh: boolean;
}) {
  const currency = list?.currency ?? summary?.currency ?? 'USD';
  const identified = list?.totals.identifiedMinor ?? summary?.identifiedMinor;
  const openCount = list?.totals.openCount ?? summary?.openCount;
  const generatedAt = list?.generatedAt ?? summary?.generatedAt ?? null;
  const top = summary?.topActions ?? [];

  return (
    <Card
      className="grid gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      aria-label="Today’s summary"
      role="region"
    >
      <div className="grid content-start gap-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Potential savings per year</p>
          <p className="text-3xl font-semibold tracking-tight tabular-nums" data-testid="identified">
            {identified === undefined ? '—' : formatMoneyMinor(identified, currency)}
          </p>
          <p className="text-sm text-muted-foreground">
            {openCount === undefined
              ? ' '
              : `${formatNumber(openCount)} open ${openCount === 1 ? 'opportunity' : 'opportunities'}, overlaps counted once`}
          </p>
        </div>
        <div className="grid justify-items-start gap-2">
          <p className="text-xs text-muted-foreground">
            {generatedAt
              ? `Last checked ${formatRelative(generatedAt)}.`
              : 'Not checked yet. Insights run every day.'}
          </p>
          {canRefresh && <RefreshButton availableAt={list?.refreshAvailableAt ?? null} />}
        </div>
      </div>
      <div className="grid content-start gap-2">
        <h2 className="text-sm font-semibold">Act on these first</h2>
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to act on right now.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Top actions">
            {top.map((insight, index) => (
              <li
                key={insight.id}
                className="flex items-start justify-between gap-3 rounded-md border p-2.5 text-sm"
              >
                <span className="flex min-w-0 gap-2">
                  <span className="text-muted-foreground tabular-nums">{index + 1}.</span>
                  <Link to={insightPath(insight.id)} className="font-medium hover:underline">
                    {insight.title}
                  </Link>
                </span>
                <SavingText insight={insight} className="shrink-0 text-right" />
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
