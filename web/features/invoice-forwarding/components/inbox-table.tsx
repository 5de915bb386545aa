import { Link } from 'react-router';
import type { InboundMessageSummaryWire } from '@common/contracts/invoice-forwarding';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCalendarDate, formatDate } from '@/lib/format';
import { formatTotal } from './format';
import { StateBadge } from './state-badge';

/** The inbox's rows; a row (or its subject) opens the message. */
export function MessageTable({
  messages,
  onOpen,
}: {
  messages: InboundMessageSummaryWire[];
  onOpen: (id: string) => void;
}) {
  return (
    <Table aria-label="Received invoices">
      <TableHeader>
        <TableRow>
          <TableHead>Received</TableHead>
          <TableHead>From</TableHead>
          <TableHead>Vendor</TableHead>
          <TableHead>Invoice no.</TableHead>
          <TableHead>Date</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Application</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {messages.map((m) => (
          <TableRow
            key={m.id}
            data-testid="inbox-row"
            className="cursor-pointer"
            onClick={() => onOpen(m.id)}
          >
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(m.receivedAt)}
            </TableCell>
            <TableCell className="max-w-64">
              <button
                type="button"
                className="block max-w-full truncate text-left font-medium hover:underline"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(m.id);
                }}
              >
                {m.subject || '(no subject)'}
              </button>
              <span className="block truncate text-xs text-muted-foreground">{m.from}</span>
            </TableCell>
            <TableCell>{m.vendorName ?? '—'}</TableCell>
            <TableCell className="font-mono text-xs">{m.invoiceNumber ?? '—'}</TableCell>
            <TableCell className="whitespace-nowrap">
              {m.issueDate ? formatCalendarDate(m.issueDate) : '—'}
            </TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">
              {formatTotal(m.totalMinor, m.currency)}
            </TableCell>
            <TableCell>
              <StateBadge state={m.state} />
              {m.reason && (
                <span className="mt-1 block max-w-56 text-xs text-muted-foreground">{m.reason}</span>
              )}
            </TableCell>
            <TableCell onClick={(e) => e.stopPropagation()}>
              {m.subscriptionId ? (
                <Link to={`/app/subscriptions/${m.subscriptionId}`} className="hover:underline">
                  {m.subscriptionName ?? 'Application'}
                </Link>
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
