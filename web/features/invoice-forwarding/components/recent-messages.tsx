import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { InboundMessageSummaryWire } from '@common/contracts/invoice-forwarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatRelative } from '@/lib/format';
import { formatTotal, inboxLink } from './format';
import { StateBadge } from './state-badge';

/** The last messages received at the address, each opening in the Invoices inbox. */
export function RecentMessages({ messages }: { messages: InboundMessageSummaryWire[] }) {
  return (
    <Card className="grid gap-4 p-6">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Last received</h3>
        <Button variant="outline" size="sm" asChild>
          <Link to={inboxLink()}>Open the invoice inbox</Link>
        </Button>
      </div>
      {messages.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing received yet" className="py-6" />
      ) : (
        <Table aria-label="Last received messages">
          <TableHeader>
            <TableRow>
              <TableHead>State</TableHead>
              <TableHead>From</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead>Vendor</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>Received</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {messages.map((m) => (
              <TableRow key={m.id}>
                <TableCell>
                  <StateBadge state={m.state} />
                </TableCell>
                <TableCell className="max-w-48 truncate">{m.from}</TableCell>
                <TableCell className="max-w-64 truncate">
                  <Link to={inboxLink(m.id)} className="font-medium hover:underline">
                    {m.subject || '(no subject)'}
                  </Link>
                </TableCell>
                <TableCell>{m.vendorName ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatTotal(m.totalMinor, m.currency)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {formatRelative(m.receivedAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
