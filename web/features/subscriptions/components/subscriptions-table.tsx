import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ListSubscriptionsQuery, Subscription } from '@common/contracts/subscriptions';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SORTABLE_COLUMNS, subscriptionColumns } from './subscription-columns';

interface SubscriptionsTableProps {
  rows: Subscription[];
  query: ListSubscriptionsQuery;
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  columnVisibility: VisibilityState;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (next: RowSelectionState) => void;
}

/** The applications table: server-side sorting (header click → URL), row selection for bulk actions. */
export function SubscriptionsTable({
  rows,
  query,
  onSort,
  columnVisibility,
  rowSelection,
  onRowSelectionChange,
}: SubscriptionsTableProps) {
  const table = useReactTable({
    data: rows,
    columns: subscriptionColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: true,
    state: { columnVisibility, rowSelection },
    onRowSelectionChange: (updater) =>
      onRowSelectionChange(typeof updater === 'function' ? updater(rowSelection) : updater),
  });
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';

  return (
    <Table className="text-[13px]">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            <TableHead className="w-8">
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={table.getIsAllRowsSelected()}
                onChange={table.getToggleAllRowsSelectedHandler()}
              />
            </TableHead>
            {group.headers.map((header) => {
              const apiSort = SORTABLE_COLUMNS[header.column.id];
              const label = flexRender(header.column.columnDef.header, header.getContext());
              if (!apiSort) return <TableHead key={header.id}>{label}</TableHead>;
              const active = sort === apiSort;
              const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <TableHead
                  key={header.id}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 uppercase hover:text-foreground"
                    onClick={() => onSort(apiSort, active && order === 'asc' ? 'desc' : 'asc')}
                  >
                    {label}
                    <Icon className="size-3" aria-hidden />
                  </button>
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
            <TableCell className="py-2">
              <input
                type="checkbox"
                aria-label={`Select ${row.original.name}`}
                checked={row.getIsSelected()}
                onChange={row.getToggleSelectedHandler()}
              />
            </TableCell>
            {row.getVisibleCells().map((cell) => (
              <TableCell key={cell.id} className="py-2">
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
