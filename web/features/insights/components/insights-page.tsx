import { Sparkles } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { OPEN_INSIGHT_STATES, INSIGHT_STATES, type InsightState } from '@common/contracts/insights';
import { OPPORTUNITY_TYPES, type OpportunityType } from '@common/insights/opportunity';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { errorMessage } from '@/lib/api-client';
import { useInsightSummary } from '../api/get-insight-summary';
import { useInsights, type InsightFilters as Filters } from '../api/get-insights';
import { InsightCard } from './insight-card';
import { InsightFilters, type StateFilter } from './insight-filters';
import { InsightsSummary } from './insights-summary';
import { InsightsTable } from './insights-table';

const PAGE = 50;

function readState(value: string | null): StateFilter {
  if (value === 'snoozed') return 'snoozed';
  return (INSIGHT_STATES as readonly string[]).includes(value ?? '') ? (value as InsightState) : 'open';
}

function toFilters(type: OpportunityType | undefined, state: StateFilter, pageSize: number): Filters {
  if (state === 'snoozed')
    return { type, state: [...OPEN_INSIGHT_STATES], includeSnoozed: true, pageSize: 500 };
  return { type, state: state === 'open' ? 'open' : [state], pageSize };
}

/** /app/insights: the day's summary, then every opportunity with its saving, confidence and actions. */
export function InsightsPage() {
  const organization = useCurrentOrganizationSummary();
  const canWrite = organization ? can(organization.role, 'data.write') : false;
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = (OPPORTUNITY_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as OpportunityType)
    : undefined;
  const state = readState(params.get('state'));
  const pageSize = Math.min(500, Math.max(PAGE, Number(params.get('show')) || PAGE));
  const list = useInsights(toFilters(type, state, pageSize), { keepPrevious: true });
  const summary = useInsightSummary();
  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('show');
        return next;
      },
      { replace: true },
    );

  const view = params.get('view') === 'table' ? 'table' : 'cards';
  const items = (list.data?.items ?? []).filter((i) => state !== 'snoozed' || i.snoozedUntil !== null);
  const filtered = type !== undefined || state !== 'open';

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Insights"
        description="Where money can be saved, found every day from your applications, licenses and expenses: how much, how sure we are, and what to do."
      />
      <InsightsSummary list={list.data} summary={summary.data} canRefresh={canWrite} />
      <section aria-label="Opportunities" className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <InsightFilters
          totals={list.data?.totals}
          type={type}
          state={state}
          onType={(t) => setParam('type', t)}
          onState={(s) => setParam('state', s === 'open' ? undefined : s)}
        />
        <div className="flex gap-1" role="group" aria-label="View">
          <Button
            size="sm"
            variant={view === 'cards' ? 'secondary' : 'ghost'}
            aria-pressed={view === 'cards'}
            onClick={() => setParam('view', undefined)}
          >
            Cards
          </Button>
          <Button
            size="sm"
            variant={view === 'table' ? 'secondary' : 'ghost'}
            aria-pressed={view === 'table'}
            onClick={() => setParam('view', 'table')}
          >
            Table
          </Button>
        </div>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Insights could not be loaded: {errorMessage(list.error)}
          </p>
        ) : items.length === 0 ? (
          <Card>
            <EmptyState
              icon={Sparkles}
              title={filtered ? 'Nothing matches these filters' : 'No savings found right now'}
              description={
                filtered
                  ? 'Try another type or state.'
                  : list.data.generatedAt
                    ? 'Every application, license and expense was checked. New findings appear here as your data changes.'
                    : 'Insights have not run yet. They run every day; use Refresh now to run them at once.'
              }
            />
          </Card>
        ) : (
          <>
            {view === 'table' ? (
              <InsightsTable items={items} canWrite={canWrite} />
            ) : (
              <ul className="grid gap-3" aria-label="Opportunity list">
                {items.map((insight) => (
                  <li key={insight.id}>
                    <InsightCard insight={insight} canWrite={canWrite} />
                  </li>
                ))}
              </ul>
            )}
            {list.data.total > items.length && state !== 'snoozed' && (
              <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
                Showing {items.length} of {list.data.total}
                {pageSize < 500 && (
                  <Button
                    variant="outline"
                    onClick={() =>
                      setParams(
                        (prev) => {
                          const next = new URLSearchParams(prev);
                          next.set('show', String(Math.min(500, pageSize + PAGE)));
                          return next;
                        },
                        { replace: true },
                      )
                    }
                  >
                    Show more
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
