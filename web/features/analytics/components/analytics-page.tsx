import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import type {
  AnalyticsRangeQuery,
  AnalyticsSpendQuery,
  AnalyticsSpendResponse,
} from '@common/contracts/analytics';
import { todayInTimeZone } from '@common/dates';
import { can } from '@common/roles';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFeatureAccess } from '@/lib/billing/use-feature-access';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useSpend } from '../api/get-spend';
import { AnalyticsControls } from './analytics-controls';
import { BudgetsCard } from './budgets-card';
import { ForecastCard } from './forecast-card';
import { KpiRow } from './kpi-row';
import { MoversCard } from './movers-card';
import { PivotTab } from './pivot-tab';
import { compareRange, resolvePreset, type Range } from './range';
import { SavedViews } from './saved-views';
import { ScaleLockedButton } from './scale-locked';
import { SpendOverTime } from './spend-over-time';
import { useAnalyticsParams, type AnalyticsTab } from './use-analytics-params';

/** Nothing spent or committed in the range: a new organization, or a range before its data. */
function isEmpty(data: AnalyticsSpendResponse): boolean {
  return (
    data.totals.actualMinor === 0 &&
    data.totals.committedMinor === 0 &&
    data.unconverted.length === 0 &&
    data.series.every((s) => s.actual.every((v) => v === 0))
  );
}

/** /app/analytics: spend over time by any dimension, forecast, movers, budgets; pivot and views on Scale. */
export function AnalyticsPage() {
  const { params, update } = useAnalyticsParams();
  const advanced = useFeatureAccess('advancedAnalytics').allowed;
  const organization = useOrganization();
  const canWrite = organization.data ? can(organization.data.role, 'data.write') : false;
  const fiscalYearStartMonth = organization.data?.fiscalYearStartMonth ?? 1;
  const allocation = { entityId: params.entityId, brandId: params.brandId };

  // Below Scale a custom range or comparison in the address (an old link) falls back to the preset.
  const custom: Range | null =
    advanced && params.from && params.to ? { from: params.from, to: params.to } : null;
  const preset = params.preset ?? 'last_12_months';
  const range = custom ?? resolvePreset(preset, todayInTimeZone(new Date()), fiscalYearStartMonth);
  const compare = advanced ? params.compare : null;
  const compareTo = compare ? compareRange(range, compare) : null;
  const rangeQuery: AnalyticsRangeQuery = { ...(custom ?? { preset }), ...allocation };
  const spendQuery: AnalyticsSpendQuery = {
    ...rangeQuery,
    groupBy: params.groupBy,
    interval: params.interval,
    ...(compareTo ? { compareFrom: compareTo.from, compareTo: compareTo.to } : {}),
  };
  const spend = useSpend(spendQuery);
  const data = spend.data;
  const shown = data ? { from: data.from, to: data.to } : range;
  const tab: AnalyticsTab = advanced ? params.tab : 'overview';

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Analytics"
        description="Where software money goes over time, by any cut, and where it is heading."
        actions={<SavedViews advanced={advanced} canWrite={canWrite} />}
      />
      <AnalyticsControls params={{ ...params, compare }} update={update} range={shown} advanced={advanced} />
      <Tabs value={tab} onValueChange={(value) => update({ tab: value as AnalyticsTab })}>
        <div className="flex flex-wrap items-center gap-2">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            {advanced && <TabsTrigger value="pivot">Pivot</TabsTrigger>}
          </TabsList>
          {!advanced && (
            <ScaleLockedButton reason="The pivot table needs the Scale plan.">Pivot</ScaleLockedButton>
          )}
        </div>
        <TabsContent value="overview" className="grid grid-cols-[minmax(0,1fr)] gap-6">
          {spend.isPending ? (
            <LoadingSkeleton />
          ) : !data ? (
            <Card role="alert">
              <CardContent className="pt-6 text-sm">
                Analytics could not be loaded: {errorMessage(spend.error)}
              </CardContent>
            </Card>
          ) : isEmpty(data) ? (
            <Card>
              <EmptyState
                icon={BarChart3}
                title="No spend recorded yet — import expenses"
                description="Import a card or bank statement, or add your applications, and spend shows here by month, category, department and more."
                action={
                  <Button asChild>
                    <Link to="/app/expenses">Go to expenses</Link>
                  </Button>
                }
              />
            </Card>
          ) : (
            <>
              <KpiRow data={data} compare={compare} advanced={advanced} />
              <SpendOverTime data={data} allocation={allocation} />
              <ForecastCard {...allocation} />
              <div className="grid gap-6 lg:grid-cols-2">
                <MoversCard query={rangeQuery} />
                <BudgetsCard query={rangeQuery} />
              </div>
            </>
          )}
        </TabsContent>
        {advanced && (
          <TabsContent value="pivot">
            {tab === 'pivot' && (
              <PivotTab
                query={{ ...rangeQuery, rows: params.rows, columns: params.columns }}
                onChange={(change) => update(change)}
              />
            )}
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function LoadingSkeleton() {
  return (
    <div
      className="grid gap-6"
      aria-busy="true"
      aria-label="Loading analytics"
      data-testid="analytics-loading"
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-28 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
      <div className="h-96 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}
