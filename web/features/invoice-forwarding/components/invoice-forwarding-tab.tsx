import { CircleAlert, CircleCheck, Clock, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { can } from '@common/roles';
import type { InvoiceForwardingWire } from '@common/contracts/invoice-forwarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatNumber, formatRelative } from '@/lib/format';
import { useInvoiceForwarding } from '../api/get-invoice-forwarding';
import { useRegenerateAddress } from '../api/regenerate-address';
import { AllowedSendersEditor } from './allowed-senders-editor';
import { ConfirmationBanner } from './confirmation-banner';
import { ForwardingInstructions } from './forwarding-instructions';
import { RecentMessages } from './recent-messages';

/** Settings → Invoice forwarding: the address, its setup, the allow-list and the last messages. */
export function InvoiceForwardingTab() {
  const organization = useOrganization();
  const forwarding = useInvoiceForwarding();
  if (forwarding.isPending || organization.isPending) return <Spinner />;
  if (forwarding.error || !forwarding.data) {
    return (
      <Card className="p-6 text-sm text-destructive">
        Could not load invoice forwarding. {errorMessage(forwarding.error)}
      </Card>
    );
  }
  const canManage = organization.data ? can(organization.data.role, 'settings.manage') : false;
  const data = forwarding.data;
  return (
    <div className="grid gap-6">
      {data.pendingConfirmation && <ConfirmationBanner confirmation={data.pendingConfirmation} />}
      <AddressCard data={data} canManage={canManage} />
      <ForwardingInstructions address={data.address} />
      <AllowedSendersEditor senders={data.allowedSenders} canManage={canManage} />
      <RecentMessages messages={data.recentMessages} />
    </div>
  );
}

function AddressCard({ data, canManage }: { data: InvoiceForwardingWire; canManage: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateAddress();
  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          variant: 'success',
          title: 'New address ready',
          description: 'Update your forwarding rules.',
        });
      },
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Could not regenerate', description: errorMessage(e) }),
    });
  const { setup } = data;

  return (
    <Card className="grid gap-4 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Your forwarding address</h3>
        <p className="text-sm text-muted-foreground">
          Forward invoices and receipts here: each becomes an expense on the right application, or waits in
          the inbox when something needs a look.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label="Forwarding address"
          className="min-w-0 break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
        >
          {data.address}
        </code>
        <CopyButton value={data.address} what="Address" />
        {canManage && (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            <RefreshCw /> Regenerate
          </Button>
        )}
      </div>
      <p className="flex items-center gap-2 text-sm" data-testid="setup-state">
        {setup.cannotReceive ? (
          // Not "Receiving" while mail has no way in (demo messages were put in directly).
          <>
            <CircleAlert className="size-4 shrink-0 text-warning" aria-hidden />
            <span>
              {setup.cannotReceive}
              {setup.receivedAny &&
                ` So far: ${formatNumber(setup.importedCount)} imported · ${formatNumber(setup.needsReviewCount)} to review.`}
            </span>
          </>
        ) : setup.receivedAny ? (
          <>
            <CircleCheck className="size-4 text-success" aria-hidden />
            Receiving: last message {setup.lastReceivedAt ? formatRelative(setup.lastReceivedAt) : 'received'}
            {' · '}
            {formatNumber(setup.importedCount)} imported · {formatNumber(setup.needsReviewCount)} to review
          </>
        ) : (
          <>
            <Clock className="size-4 text-muted-foreground" aria-hidden />
            Waiting for the first message
          </>
        )}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate the address?"
        description="The old address stops working at once: mail sent to it is refused. Update your forwarding rules in Gmail or Outlook with the new address."
        confirmLabel="Regenerate address"
        destructive
        pending={regenerate.isPending}
        onConfirm={onRegenerate}
      />
    </Card>
  );
}
