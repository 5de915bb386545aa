import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { Expense } from '@common/contracts/expenses';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor, formatNumber } from '@/lib/format';
import { useApplicationOptions } from '@/lib/expenses/get-applications';
import { useExpenseTotals } from '../api/get-expense-totals';
import { useExpenses } from '../api/get-expenses';
import { useDeleteExpense } from '../api/delete-expense';
import { useSetMatchStatus } from '../api/set-match-status';
import { ExpenseDialog } from './expense-dialog';
import { ConvertedTotal } from './converted-total';
import { ExpenseRow } from './expense-row';
import { DrillFilterChips } from './drill-filter-chips';
import { LedgerFiltersBar, type LedgerFilters } from './ledger-filters';
import { useLedgerUrlFilters } from './use-ledger-url-filters';

const PAGE_SIZE = 50;

/** The ledger: filters, totals over every page, keyset pages (newest first) and row actions. */
export function Ledger({
  canWrite,
  allocationEditor,
}: {
  canWrite: boolean;
  /** Shown in the edit dialog; the app passes entities' AllocationEditor. */
  allocationEditor?: (expenseId: string) => ReactNode;
}) {
  // Filters live in the URL, so a drill-down from analytics (or a shared link) opens this list.
  const { filters: ledgerFilters, setFilters } = useLedgerUrlFilters();
  const { filter: allocation } = useAllocationFilter();
  const filters = useMemo(() => ({ ...ledgerFilters, ...allocation }), [ledgerFilters, allocation]);
  const deferred = useDeferredValue(filters);
  // Cursors of the pages before the current one; the first page has none.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  // Other filters (URL state: back button, chips, entity or brand) are another list: its first page.
  const [pagedFilters, setPagedFilters] = useState(filters);
  if (pagedFilters !== filters) {
    setPagedFilters(filters);
    setCursors([]);
  }
  // Pages leave the totals out: at a million rows the sums cost far more than a page, and they
  // do not change when the user pages, only when the filters do.
  const { data, isPending, error, isPlaceholderData } = useExpenses({
    ...deferred,
    limit: PAGE_SIZE,
    cursor,
    withTotals: 'false',
  });
  // With the sum in the organization's currency, so a drill-down from analytics can be checked.
  const totals = useExpenseTotals({ ...deferred, convert: 'true' });
  const applications = useApplicationOptions();
  const [editing, setEditing] = useState<Expense | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const remove = useDeleteExpense();
  const status = useSetMatchStatus();

  const changeFilters = (next: LedgerFilters) => {
    setFilters(next);
    setCursors([]);
  };
  const confirmDelete = (expense: Expense) =>
    remove.mutate(expense.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Expense deleted' });
      },
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Could not delete', description: errorMessage(e) }),
    });
  const onStatus = (expense: Expense, action: 'ignore' | 'unmatch') =>
    status.mutate(
      { id: expense.id, action },
      {
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Could not update', description: errorMessage(e) }),
      },
    );

  const page = cursors.length + 1;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <LedgerFiltersBar
          value={ledgerFilters}
          onChange={changeFilters}
          applications={applications.data ?? []}
        />
        <AllocationFilterSelect />
      </div>
      <DrillFilterChips value={ledgerFilters} onChange={changeFilters} />
      <Card>
        {isPending ? (
          <Spinner />
        ) : error || !data ? (
          <p className="p-5 text-sm text-muted-foreground">
            The expenses could not be loaded: {errorMessage(error)}
          </p>
        ) : data.items.length === 0 && cursors.length === 0 ? (
          <EmptyState
            icon={Receipt}
            title="No expenses"
            description="Nothing matches these filters. Import a statement or add an expense."
          />
        ) : (
          <>
            <div
              className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3 text-sm"
              aria-live="polite"
            >
              {totals.data ? (
                <>
                  <span>
                    <strong>{formatNumber(totals.data.total)}</strong>{' '}
                    {totals.data.total === 1 ? 'expense' : 'expenses'}
                  </span>
                  <span className="flex flex-wrap gap-3 font-medium tabular-nums" data-testid="ledger-totals">
                    {totals.data.totals.map((t) => (
                      <span key={t.currency}>{formatMoneyMinor(t.amountMinor, t.currency)}</span>
                    ))}
                    <ConvertedTotal totals={totals.data} />
                  </span>
                </>
              ) : (
                <span className="text-muted-foreground">Adding up…</span>
              )}
            </div>
            <div className={isPlaceholderData ? 'opacity-60' : undefined}>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Merchant</TableHead>
                    <TableHead>Application</TableHead>
                    <TableHead>Source</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead className="w-10" />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((expense) => (
                    <ExpenseRow
                      key={expense.id}
                      expense={expense}
                      canWrite={canWrite}
                      onEdit={setEditing}
                      onDelete={setDeleting}
                      onStatus={onStatus}
                    />
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="flex items-center justify-end gap-2 border-t px-4 py-2 text-sm text-muted-foreground">
              <span>Page {page}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={cursors.length === 0}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                <ChevronLeft /> Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!data.nextCursor}
                onClick={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor as string])}
              >
                Next <ChevronRight />
              </Button>
            </div>
          </>
        )}
      </Card>
      <ExpenseDialog
        expense={editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        allocationEditor={allocationEditor}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this expense?"
        description={
          deleting
            ? `Delete the ${formatMoneyMinor(deleting.amountMinor, deleting.currency)} charge from ${deleting.merchantName}?`
            : ''
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}
