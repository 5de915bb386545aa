import { RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import type { Invitation } from '@common/contracts/team';
import { ROLE_LABELS } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { errorMessage } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { resendDenied, revokeDenied, type TeamViewer } from '../team-permissions';
import { runAction } from '../run-action';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InviteLinkDialog, needsLink, type LinkOnlyInvitation } from './invite-link-dialog';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { fullName } from '@common/display-name';

/** One open invitation: address, role, inviter, expiry; resend (new link) and revoke. */
export function InvitationRow({ invitation, viewer }: { invitation: Invitation; viewer: TeamViewer }) {
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [linkOnly, setLinkOnly] = useState<LinkOnlyInvitation | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const name = fullName(invitation);
  const resendReason = resendDenied(viewer);
  const revokeReason = revokeDenied(viewer);

  return (
    <TableRow>
      <TableCell>
        <p className="truncate font-medium">{invitation.email}</p>
        {name && <p className="truncate text-xs text-muted-foreground">{name}</p>}
      </TableCell>
      <TableCell>
        <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
      </TableCell>
      <TableCell className="text-muted-foreground">{invitation.invitedBy?.name ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap">
        {invitation.status === 'expired' ? (
          <Badge variant="warning">Expired</Badge>
        ) : (
          <span className="text-muted-foreground">Expires {formatRelative(invitation.expiresAt)}</span>
        )}
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <ReasonTooltip reason={resendReason}>
            <Button
              variant="ghost"
              size="sm"
              disabled={Boolean(resendReason) || resend.isPending}
              onClick={() =>
                runAction(resend.mutateAsync(invitation.id), {
                  onSuccess: (sent) =>
                    needsLink(sent)
                      ? setLinkOnly(sent)
                      : toast({
                          variant: 'success',
                          title: 'Invitation resent',
                          description: `A new link is on its way to ${invitation.email}.`,
                        }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Error',
                      description: errorMessage(error, 'Failed to send invitation'),
                    }),
                })
              }
            >
              <RotateCw /> Resend
            </Button>
          </ReasonTooltip>
          <ReasonTooltip reason={revokeReason}>
            <Button
              variant="ghost"
              size="sm"
              disabled={Boolean(revokeReason)}
              onClick={() => setConfirmRevoke(true)}
            >
              <X /> Revoke
            </Button>
          </ReasonTooltip>
        </div>
        <InviteLinkDialog sent={linkOnly} onClose={() => setLinkOnly(null)} />
        <ConfirmDialog
          open={confirmRevoke}
          onOpenChange={setConfirmRevoke}
          title={`Revoke the invitation to ${invitation.email}?`}
          description="The link in their e-mail stops working. You can invite them again later."
          confirmLabel="Revoke"
          destructive
          pending={revoke.isPending}
          onConfirm={() =>
            runAction(revoke.mutateAsync(invitation.id), {
              onSuccess: () => {
                setConfirmRevoke(false);
                toast({
                  title: 'Invitation revoked',
                  description: `${invitation.email} can no longer join with that link.`,
                });
              },
              onError: (error) => toastError('Could not revoke', error),
            })
          }
        />
      </TableCell>
    </TableRow>
  );
}
