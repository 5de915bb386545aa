import { MailQuestion } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSendAttestations } from '../api/send-attestations';

/** "Still need it?": e-mails every holder of the application (or one tier) a keep and a release link. */
export function AskHoldersButton({
  subscriptionId,
  poolId,
  name,
  denied,
  size = 'sm',
}: {
  subscriptionId: string;
  poolId?: string;
  name: string;
  denied: string | null;
  size?: 'sm' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const send = useSendAttestations();
  return (
    <>
      <ReasonTooltip reason={denied}>
        <Button variant="outline" size={size} disabled={Boolean(denied)} onClick={() => setOpen(true)}>
          <MailQuestion /> Ask holders
        </Button>
      </ReasonTooltip>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Ask who still needs ${name}?`}
        description="Every person holding a seat gets an e-mail with two one-click links: keep it, or release it. Keeping records them as active; releasing unassigns the seat. Links work once and expire in 14 days."
        confirmLabel="Send e-mails"
        pending={send.isPending}
        onConfirm={() =>
          send.mutateAsync({ subscriptionId, poolId }).then(
            (result) => {
              setOpen(false);
              toast({
                variant: 'success',
                title: `Asked ${result.sent} ${result.sent === 1 ? 'person' : 'people'}`,
                description: `Their links work until ${formatDate(result.expiresAt)}.`,
              });
            },
            (error) =>
              toast({ variant: 'destructive', title: 'Could not send', description: errorMessage(error) }),
          )
        }
      />
    </>
  );
}
