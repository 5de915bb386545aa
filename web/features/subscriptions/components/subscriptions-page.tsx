import { Link } from 'react-router';
import type { RowSelectionState, VisibilityState } from '@tanstack/react-table';
import { Plus, Upload } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { readStored, writeStored } from '@/lib/local-storage';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import { useSubscriptionList } from '../api/list-subscriptions';
import { BulkActions } from './bulk-actions';
import { ColumnChooser } from './column-chooser';
import { EmptySubscriptions } from './empty-subscriptions';
import { ExportMenu } from './export-menu';
import { ImportDialog } from './import/import-dialog';
import { SubscriptionDialog } from './subscription-dialog';
import { SubscriptionsFilters } from './subscriptions-filters';
import { SubscriptionsTable } from './subscriptions-table';
import { SubscriptionsTotals } from './subscriptions-totals';
import { PAGE_SIZE, useListParams } from './use-list-params';

const COLUMNS_KEY = 'stackwise.subscriptions.columns';

function storedVisibility(): VisibilityState {
  try {
    const parsed: unknown = JSON.parse(readStored(COLUMNS_KEY) ?? '{"category":false}');
    return parsed && typeof parsed === 'object' ? (parsed as VisibilityState) : {};
  } catch {
    return { category: false };
  }
}

/** /app/subscriptions: every application the company pays for. */
export function SubscriptionsPage() {
  const { query: listQuery, update } = useListParams();
  const { filter: allocation } = useAllocationFilter();
  const query = useMemo(() => ({ ...listQuery, ...allocation }), [listQuery, allocation]);
  const list = useSubscriptionList(query);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [visibility, setVisibility] = useState<VisibilityState>(storedVisibility);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const onSort = useCallback((sort: string, order: 'asc' | 'desc') => update({ sort, order }), [update]);
  const changeVisibility = (next: VisibilityState) => {
    setVisibility(next);
    writeStored(COLUMNS_KEY, JSON.stringify(next));
  };

  const data = list.data;
  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || PAGE_SIZE))) : 1;
  const filtered = Boolean(
    query.q ||
    query.status ||
    query.categoryId ||
    query.tagId ||
    query.vendorId ||
    query.ownerUserId ||
    query.renewalWithinDays !== undefined ||
    query.archived ||
    query.entityId ||
    query.brandId,
  );
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Applications</h1>
          <p className="text-sm text-muted-foreground">Every application your company pays for.</p>
          <nav aria-label="Related" className="mt-1 flex gap-3 text-sm">
            <Link className="font-medium text-primary hover:underline" to="/app/vendors">
              Vendors
            </Link>
            <Link className="font-medium text-primary hover:underline" to="/app/team-tools">
              Team tools
            </Link>
          </nav>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportMenu query={query} />
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload aria-hidden /> Import
          </Button>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add application
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <SubscriptionsFilters query={query} update={update} />
          <AllocationFilterSelect />
        </div>
        <ColumnChooser visibility={visibility} onChange={changeVisibility} />
      </div>

      {data && <SubscriptionsTotals totals={data.totals} />}
      {selectedIds.length > 0 && <BulkActions ids={selectedIds} onDone={() => setSelection({})} />}

      <Card className="overflow-hidden p-0">
        {list.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            {errorMessage(list.error, 'Could not load applications.')}
          </p>
        ) : data && data.items.length === 0 ? (
          filtered ? (
            <p className="p-10 text-center text-sm text-muted-foreground">
              No applications match these filters.
            </p>
          ) : (
            <EmptySubscriptions onAdd={() => setAdding(true)} onImport={() => setImporting(true)} />
          )
        ) : (
          <SubscriptionsTable
            rows={data?.items ?? []}
            query={query}
            onSort={onSort}
            columnVisibility={visibility}
            rowSelection={selection}
            onRowSelectionChange={setSelection}
          />
        )}
      </Card>

      {pages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-sm" aria-label="Pagination">
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => update({ page: page - 1 > 1 ? page - 1 : undefined })}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => update({ page: page + 1 })}
          >
            Next
          </Button>
        </nav>
      )}

      <SubscriptionDialog open={adding} onOpenChange={setAdding} />
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
