import { useMemo, useState } from 'react';
import type { RenewalWindow } from '@common/contracts/renewals';
import { can } from '@common/roles';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import { useRenewalBenchmarks } from '@/lib/benchmarks/get-renewal-benchmarks';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { errorMessage } from '@/lib/api-client';
import { useRenewals, type RenewalFilters as Filters } from '@/lib/renewals/get-renewals';
import { IcalSubscribe } from './ical-subscribe';
import { RenewalFilters } from './renewal-filters';
import { RenewalTimeline } from './renewal-timeline';
import { RenewalTotals } from './renewal-totals';
import { RenewalsTable } from './renewals-table';

/** /app/renewals: what renews when, by when to cancel, what it costs, and what was decided. */
export function RenewalsPage() {
  const organization = useCurrentOrganizationSummary();
  const [windowDays, setWindowDays] = useState<RenewalWindow>(90);
  const [filters, setFilters] = useState<Filters>({});
  const { filter: allocation } = useAllocationFilter();
  const { data, isPending, isError, error } = useRenewals({ ...filters, ...allocation });
  // One request for every row's "vs benchmark", over the same 365 days the list asks for.
  const benchmarks = useRenewalBenchmarks(365);
  const benchmarkById = useMemo(
    () => new Map((benchmarks.data?.items ?? []).map((b) => [b.subscriptionId, b])),
    [benchmarks.data],
  );
  // The unfiltered list names every owner, so the owner filter keeps its choices once applied.
  const { data: everything } = useRenewals({});
  const owners = useMemo(() => {
    const byId = new Map<string, string>();
    for (const item of everything?.items ?? [])
      if (item.ownerUserId) byId.set(item.ownerUserId, item.ownerName ?? 'Unnamed');
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [everything]);
  const role = organization?.role ?? 'viewer';
  const items = (data?.items ?? []).filter((item) => item.daysLeft < windowDays);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Renewals"
        description="Every upcoming renewal with its cancel-by date (renewal date minus the notice period), so nothing renews by surprise."
        actions={<AllocationFilterSelect />}
      />
      <RenewalTotals totals={data?.totals} window={windowDays} onSelect={setWindowDays} />
      <RenewalFilters
        window={windowDays}
        onWindow={setWindowDays}
        filters={filters}
        onFilters={setFilters}
        owners={owners}
      />
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p className="text-sm text-destructive">Renewals could not be loaded: {errorMessage(error)}</p>
      ) : (
        <Tabs defaultValue="list" className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <TabsList className="w-fit">
            <TabsTrigger value="list">List</TabsTrigger>
            <TabsTrigger value="timeline">12-month timeline</TabsTrigger>
          </TabsList>
          <TabsContent value="list">
            <Card className="p-2">
              <RenewalsTable items={items} canDecide={can(role, 'data.write')} benchmarks={benchmarkById} />
            </Card>
          </TabsContent>
          <TabsContent value="timeline">
            <RenewalTimeline items={data.items} today={data.today} />
          </TabsContent>
        </Tabs>
      )}
      <IcalSubscribe canRegenerate={can(role, 'settings.manage')} />
    </div>
  );
}
