import { CalendarCheck, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import type { RenewalBenchmarks } from '@common/contracts/benchmarks';
import type { RenewalItem } from '@common/contracts/renewals';
import { daysNotice, inDays } from '@common/wording';
import { EmptyState } from '@/components/ui/empty-state';
import { VsBenchmark } from '@/components/benchmarks/vs-benchmark';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { formatCalendarDate, formatMoneyMinor } from '@/lib/format';
import { DaysLeftBadge } from './days-left-badge';
import { DecisionControl } from './decision-control';

function cancelByText(item: RenewalItem): string {
  return item.daysToCancelBy < 0 ? 'passed' : inDays(item.daysToCancelBy);
}

interface RenewalsTableProps {
  items: RenewalItem[];
  canDecide: boolean;
  /** Each row's "vs benchmark" figures by application id (rows without one show "—"). */
  benchmarks?: ReadonlyMap<string, RenewalBenchmarks['items'][number]>;
}

/** Upcoming renewals with their cancel-by dates, cost, benchmark, owner and decision. */
export function RenewalsTable({ items, canDecide, benchmarks }: RenewalsTableProps) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={CalendarCheck}
        title="Nothing renews in this window"
        description="Widen the window or clear the filters. Applications appear here once they have a renewal date."
      />
    );
  }
  return (
    <Table>
      <TableColumns
        columns={[
          'Application',
          'Renews',
          'Cancel by',
          'Days left',
          { label: 'Annual cost', className: 'text-right' },
          'vs benchmark',
          'Owner',
          'Decision',
        ]}
      />
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.subscriptionId} data-testid={`renewal-${item.subscriptionId}`}>
            <TableCell>
              <div className="font-medium">{item.name}</div>
              {item.vendorName && <div className="text-xs text-muted-foreground">{item.vendorName}</div>}
              <Link
                to={`/app/renewals/${item.subscriptionId}/pack`}
                className="text-xs text-primary hover:underline"
              >
                Negotiation pack
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <div className="flex items-center gap-1.5">
                {formatCalendarDate(item.renewalDate)}
                {item.autoRenew && (
                  <RefreshCw className="size-3.5 text-muted-foreground" aria-label="Auto-renews" />
                )}
              </div>
              <div className="text-xs text-muted-foreground">
                {item.autoRenew ? 'Auto-renews' : 'Manual renewal'}
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap" data-testid="cancel-by">
              <div>{formatCalendarDate(item.cancelByDate)}</div>
              <div
                className={
                  item.daysToCancelBy < 0 ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'
                }
              >
                {item.noticePeriodDays > 0 ? `${daysNotice(item.noticePeriodDays)} · ` : ''}
                {cancelByText(item)}
              </div>
            </TableCell>
            <TableCell>
              <DaysLeftBadge days={item.daysLeft} />
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoneyMinor(item.annualCostMinor, item.currency)}
            </TableCell>
            <TableCell data-testid="vs-benchmark">
              <VsBenchmark summary={benchmarks?.get(item.subscriptionId)} />
            </TableCell>
            <TableCell className="text-sm">
              {item.ownerName ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell>
              <DecisionControl item={item} disabled={!canDecide} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
