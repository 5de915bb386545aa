import type { SentInvitation } from '@common/contracts/team';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

/** An invitation answered with `inviteUrl`: the server cannot send e-mail. */
export type LinkOnlyInvitation = SentInvitation & { inviteUrl: string };

export function needsLink(sent: SentInvitation): sent is LinkOnlyInvitation {
  return !sent.emailConfigured && sent.inviteUrl !== null;
}

/**
 * After inviting (or resending) on a server without e-mail: says no e-mail went out and hands the
 * owner or admin the link to pass on themselves.
 */
export function InviteLinkDialog({
  sent,
  onClose,
}: {
  sent: LinkOnlyInvitation | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={sent !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>E-mail is not configured</DialogTitle>
          <DialogDescription>
            The invitation for {sent?.email} is ready, but no e-mail was sent: this server has no outgoing
            e-mail set up (SMTP_URL). Copy the link and send it to them yourself. It works once, for{' '}
            {sent?.email} only, and expires in 7 days.
          </DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            aria-label="Invitation link"
            value={sent?.inviteUrl ?? ''}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={sent?.inviteUrl ?? ''} what="Invitation link" />
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
