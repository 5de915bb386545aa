import { Link } from 'react-router';
import type { Insight } from '@common/contracts/insights';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCalendarDate, formatMoneyMinor } from '@/lib/format';
import { OPPORTUNITY_TYPE_LABELS } from '../labels';
import { insightPath, shownSavingMinor, StateBadge } from './insight-bits';
import { MoveMenu } from './move-menu';

/** The pipeline as a table: every opportunity with its state, saving, owner and due date. */
export function PipelineTable({ items, canWrite }: { items: Insight[]; canWrite: boolean }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Savings pipeline">
        <TableHeader>
          <TableRow>
            <TableHead>Opportunity</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="text-right">Saving / year</TableHead>
            <TableHead>Owner</TableHead>
            <TableHead>Due</TableHead>
            {canWrite && (
              <TableHead className="w-10">
                <span className="sr-only">Move</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((insight) => {
            const value = insight.state === 'realized' ? insight.realizedMinor : shownSavingMinor(insight);
            return (
              <TableRow key={insight.id}>
                <TableCell className="max-w-80 font-medium">
                  <Link to={insightPath(insight.id)} className="hover:underline">
                    {insight.title}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap">{OPPORTUNITY_TYPE_LABELS[insight.type]}</TableCell>
                <TableCell>
                  <StateBadge state={insight.state} />
                </TableCell>
                <TableCell className="text-right tabular-nums whitespace-nowrap">
                  {value === null ? '—' : formatMoneyMinor(value, insight.currency)}
                </TableCell>
                <TableCell className="whitespace-nowrap">{insight.owner?.name ?? '—'}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {insight.dueDate ? formatCalendarDate(insight.dueDate) : '—'}
                </TableCell>
                {canWrite && (
                  <TableCell>
                    <MoveMenu insight={insight} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
