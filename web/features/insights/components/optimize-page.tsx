import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { INSIGHT_STATES } from '@common/contracts/insights';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { errorMessage } from '@/lib/api-client';
import { useInsightSummary } from '../api/get-insight-summary';
import { useInsights, type InsightFilters } from '../api/get-insights';
import { PipelineBoard } from './pipeline-board';
import { PipelineTable } from './pipeline-table';
import { PricedAboveList } from './priced-above-list';
import { LedgerBreakdowns, LedgerFigures } from './savings-ledger';

// The chart library loads with this screen only, not with the insights list it shares a chunk with.
const RealizedChart = lazy(() => import('./realized-chart').then((m) => ({ default: m.RealizedChart })));

// Every state, snoozed ones included: the pipeline shows all the work, not only what is open today.
const PIPELINE: InsightFilters = { state: [...INSIGHT_STATES], includeSnoozed: true, pageSize: 500 };

/** /app/optimize: the savings pipeline (board or table), the ledger, realized savings over time, export. */
export function OptimizePage() {
  const organization = useCurrentOrganizationSummary();
  const canWrite = organization ? can(organization.role, 'data.write') : false;
  const summary = useInsightSummary();
  const pipeline = useInsights(PIPELINE);

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Optimize"
        description="Every savings opportunity from found to realized, and what has been saved so far."
        actions={
          <>
            <Button variant="outline" size="sm" asChild>
              <a href="/api/insights/export?format=csv" download>
                <Download aria-hidden /> Export CSV
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href="/api/insights/export?format=xlsx" download>
                <Download aria-hidden /> Export XLSX
              </a>
            </Button>
          </>
        }
      />
      {summary.isPending ? (
        <Spinner />
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The savings ledger could not be loaded: {errorMessage(summary.error)}
        </p>
      ) : (
        <LedgerFigures summary={summary.data} />
      )}
      <section aria-label="Savings pipeline" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 className="text-lg font-semibold">Pipeline</h2>
        {pipeline.isPending ? (
          <Spinner />
        ) : pipeline.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The pipeline could not be loaded: {errorMessage(pipeline.error)}
          </p>
        ) : (
          <Tabs defaultValue="board" className="grid grid-cols-[minmax(0,1fr)] gap-3">
            <TabsList className="w-fit">
              <TabsTrigger value="board">Board</TabsTrigger>
              <TabsTrigger value="table">Table</TabsTrigger>
            </TabsList>
            <TabsContent value="board">
              <PipelineBoard
                items={pipeline.data.items}
                currency={pipeline.data.currency}
                canWrite={canWrite}
              />
            </TabsContent>
            <TabsContent value="table">
              <PipelineTable items={pipeline.data.items} canWrite={canWrite} />
            </TabsContent>
            {pipeline.data.total > pipeline.data.items.length && (
              <p className="text-xs text-muted-foreground">
                Showing the {pipeline.data.items.length} largest of {pipeline.data.total}. Export for the full
                list.
              </p>
            )}
          </Tabs>
        )}
      </section>
      {pipeline.data && <PricedAboveList items={pipeline.data.items} currency={pipeline.data.currency} />}
      {summary.data && (
        <>
          <Suspense fallback={<Spinner />}>
            <RealizedChart summary={summary.data} />
          </Suspense>
          <section aria-label="Ledger breakdowns" className="grid gap-3">
            <h2 className="text-lg font-semibold">Breakdown</h2>
            <LedgerBreakdowns summary={summary.data} />
          </section>
        </>
      )}
    </div>
  );
}
