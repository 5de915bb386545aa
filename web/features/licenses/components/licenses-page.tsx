import { KeyRound, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import type { ApplicationLicenses } from '@common/contracts/licenses';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PageHeader } from '@/components/layout/page-header';
import { formatTotals } from '@/components/money-totals';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useLicenses } from '@/lib/licenses/get-licenses';
import { useLicenseAccess } from '@/lib/licenses/license-access';
import { ApplicationLicenseRows } from './application-license-rows';
import { InactivitySelect } from './inactivity-select';
import { LicensesUpgradePrompt } from '@/components/billing/licenses-upgrade-prompt';
import { PoolDetailDialog } from './pool-detail-dialog';
import { PoolFormDialog } from './pool-form-dialog';
import { UsageImportDialog } from './usage-import-dialog';

type Sort = 'waste' | 'utilisation' | 'name';
const SORTS: Record<Sort, (a: ApplicationLicenses, b: ApplicationLicenses) => number> = {
  waste: (a, b) =>
    b.utilisation.wasteYearlyMinor - a.utilisation.wasteYearlyMinor || a.name.localeCompare(b.name),
  utilisation: (a, b) =>
    (a.utilisation.utilisationPct ?? 101) - (b.utilisation.utilisationPct ?? 101) ||
    a.name.localeCompare(b.name),
  name: (a, b) => a.name.localeCompare(b.name),
};

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </Card>
  );
}

/** /app/licenses: per application and tier, purchased / assigned / active seats and the money idle seats cost. */
export function LicensesPage() {
  const access = useLicenseAccess();
  const { filter: allocation } = useAllocationFilter();
  const overview = useLicenses({ enabled: access?.licensed ?? false, filter: allocation });
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<Sort>('waste');
  const [adding, setAdding] = useState(false);
  // `?import=usage` (the product analytics page's "Import usage" link) opens the usage import.
  const [importing, setImporting] = useState(() => params.get('import') === 'usage');
  const poolId = params.get('pool');
  const openPool = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('pool', id);
        else next.delete('pool');
        return next;
      },
      { replace: !id },
    );

  if (!access) return <Spinner />;
  const header = (
    <PageHeader
      title="Licenses"
      description="Every seat you pay for: purchased, assigned and actually used. Reclaim idle seats before the renewal."
      actions={
        access.licensed && overview.data ? (
          <>
            <AllocationFilterSelect />
            <InactivitySelect days={overview.data.inactivityDays} access={access} />
            <ReasonTooltip reason={access.editDenied}>
              <Button
                variant="outline"
                disabled={Boolean(access.editDenied)}
                onClick={() => setImporting(true)}
              >
                <Upload /> Import usage
              </Button>
            </ReasonTooltip>
            <ReasonTooltip reason={access.editDenied}>
              <Button disabled={Boolean(access.editDenied)} onClick={() => setAdding(true)}>
                <Plus /> Add license pool
              </Button>
            </ReasonTooltip>
          </>
        ) : undefined
      }
    />
  );
  if (!access.licensed) {
    return (
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
        {header}
        <LicensesUpgradePrompt />
      </div>
    );
  }
  if (overview.isPending) return <Spinner />;
  if (overview.error || !overview.data) {
    return (
      <p className="text-sm text-muted-foreground">
        Licenses could not be loaded: {errorMessage(overview.error)}
      </p>
    );
  }
  const { totals, applications, inactivityDays } = overview.data;
  const sorted = [...applications].sort(SORTS[sort]);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      {header}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Seats purchased"
          value={totals.purchased === null ? 'Unlimited' : formatNumber(totals.purchased)}
          hint={`${totals.pools} license pools`}
        />
        <Stat label="Assigned" value={formatNumber(totals.assigned)} />
        <Stat
          label="Active"
          value={formatNumber(totals.active)}
          hint={`Seen in the last ${inactivityDays} days`}
        />
        <Stat
          label="Idle seats cost"
          value={formatTotals(totals.wasteYearly)}
          hint="a year (unassigned + inactive)"
        />
      </div>
      <Card>
        <div className="flex items-center justify-between gap-3 border-b p-3">
          <span className="text-sm text-muted-foreground">
            {applications.length} applications with license pools
          </span>
          <NativeSelect
            aria-label="Sort by"
            className="w-56"
            value={sort}
            onChange={(e) => setSort(e.target.value as Sort)}
          >
            <option value="waste">Sort by waste</option>
            <option value="utilisation">Sort by utilisation (lowest first)</option>
            <option value="name">Sort by name</option>
          </NativeSelect>
        </div>
        {sorted.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No license pools yet"
            description="Add a pool for each application you buy per seat, then assign people on the Users page."
            action={
              <Button disabled={Boolean(access.editDenied)} onClick={() => setAdding(true)}>
                <Plus /> Add license pool
              </Button>
            }
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Application / tier</TableHead>
                <TableHead>Seats</TableHead>
                <TableHead className="text-right">Utilisation</TableHead>
                <TableHead className="text-right">Waste a year</TableHead>
                <TableHead className="w-32">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sorted.map((app) => (
                <ApplicationLicenseRows
                  key={app.subscriptionId}
                  app={app}
                  editDenied={access.editDenied}
                  onOpenPool={(pool) => openPool(pool.id)}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <PoolDetailDialog poolId={poolId} editDenied={access.editDenied} onClose={() => openPool(null)} />
      <PoolFormDialog open={adding} pool={null} onOpenChange={setAdding} />
      <UsageImportDialog
        open={importing && !access.editDenied}
        onOpenChange={setImporting}
        applications={applications}
      />
    </div>
  );
}
