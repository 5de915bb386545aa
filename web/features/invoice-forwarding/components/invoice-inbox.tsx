import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { INBOUND_STATES, type InboundState } from '@common/contracts/invoice-forwarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useInvoiceForwarding } from '../api/get-invoice-forwarding';
import { useInboundMessages } from '../api/get-inbound-messages';
import { MessageTable } from './inbox-table';
import { MessageDialog } from './message-dialog';
import { STATE_LABELS } from './state-badge';

const FILTERS: Array<InboundState | undefined> = [
  undefined,
  'needs_review',
  'imported',
  'duplicate',
  'ignored',
  'failed',
];
const isState = (value: string | null): value is InboundState =>
  (INBOUND_STATES as readonly (string | null)[]).includes(value);

/** Expenses → Invoices: every message received at the forwarding address, by state. */
export function InvoiceInbox({ canWrite }: { canWrite: boolean }) {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  const messageId = params.get('message');
  const inbox = useInboundMessages(state);
  const setParam = (name: string, value: string | null, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace },
    );

  const counts = inbox.data?.pages[0]?.counts ?? {};
  const total = Object.values(counts).reduce((n, c) => n + (c ?? 0), 0);
  const messages = inbox.data?.pages.flatMap((p) => p.messages) ?? [];

  let body;
  if (inbox.isPending) body = <Spinner />;
  else if (inbox.error) body = <p className="p-6 text-sm text-destructive">{errorMessage(inbox.error)}</p>;
  else if (total === 0 && !state) body = <NoInvoicesYet />;
  else if (messages.length === 0)
    body = <EmptyState icon={Inbox} title={state ? `Nothing in “${STATE_LABELS[state]}”` : 'No messages'} />;
  else
    body = (
      <>
        <MessageTable messages={messages} onOpen={(id) => setParam('message', id)} />
        {inbox.hasNextPage && (
          <div className="flex justify-center border-t p-3">
            <Button
              variant="outline"
              onClick={() => void inbox.fetchNextPage()}
              disabled={inbox.isFetchingNextPage}
            >
              Load more
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Filter by state" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => {
          const count = f ? (counts[f] ?? 0) : total;
          return (
            <Button
              key={f ?? 'all'}
              size="sm"
              variant={f === state ? 'secondary' : 'ghost'}
              aria-pressed={f === state}
              onClick={() => setParam('state', f ?? null, true)}
            >
              {f ? STATE_LABELS[f] : 'All'}
              <span
                className={cn(
                  'tabular-nums text-muted-foreground',
                  f === 'needs_review' && count > 0 && 'text-warning',
                )}
              >
                {formatNumber(count)}
              </span>
            </Button>
          );
        })}
      </div>
      <Card className="overflow-hidden">{body}</Card>
      <MessageDialog messageId={messageId} canWrite={canWrite} onClose={() => setParam('message', null)} />
    </div>
  );
}

/** The empty inbox: where to send invoices, and the settings that set it up. */
function NoInvoicesYet() {
  const forwarding = useInvoiceForwarding();
  const address = forwarding.data?.address;
  return (
    <EmptyState
      icon={Inbox}
      title="No invoices yet"
      description={
        address ? (
          <>
            Forward them to <code className="font-mono text-foreground">{address}</code> and they appear here.
          </>
        ) : (
          'Forward them to your workspace’s invoice address and they appear here.'
        )
      }
      action={
        <Button variant="outline" asChild>
          <Link to="/app/settings/invoice-forwarding">Set up invoice forwarding</Link>
        </Button>
      }
    />
  );
}
