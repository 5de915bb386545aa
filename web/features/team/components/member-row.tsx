import { Crown, UserMinus } from 'lucide-react';
import { useState } from 'react';
import type { Member } from '@common/contracts/team';
import { can, ROLE_LABELS, type Role } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { initials } from '@/components/layout/user-menu';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatRelative } from '@/lib/format';
import { useRemoveMember } from '../api/remove-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateMemberRole } from '../api/update-member-role';
import {
  assignableRoles,
  removeDenied,
  roleChangeDenied,
  transferDenied,
  type TeamViewer,
} from '../team-permissions';
import { runAction } from '../run-action';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { displayName } from '@common/display-name';

/** One member: who, role (editable when allowed), joined, last active, transfer and remove. */
export function MemberRow({ member, viewer }: { member: Member; viewer: TeamViewer }) {
  const [confirm, setConfirm] = useState<'remove' | 'transfer' | null>(null);
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const isMe = member.userId === viewer.userId;
  const roleReason = roleChangeDenied(viewer, member);
  const removeReason = removeDenied(viewer, member);
  const fail = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(error) });

  const changeRole = (role: Role) =>
    runAction(updateRole.mutateAsync({ userId: member.userId, role }), {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: 'Role updated',
          description: `${displayName(member)} is now ${ROLE_LABELS[role].toLowerCase()}.`,
        }),
      onError: fail('Could not change the role'),
    });

  return (
    <TableRow>
      <TableCell>
        <div className="flex items-center gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">
            {initials(member.firstName, member.lastName, member.email)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-medium">
              {displayName(member)} {isMe && <Badge variant="secondary">You</Badge>}
            </p>
            <p className="truncate text-xs text-muted-foreground">{member.email}</p>
          </div>
        </div>
      </TableCell>
      <TableCell>
        <ReasonTooltip reason={roleReason}>
          <NativeSelect
            aria-label={`Role of ${displayName(member)}`}
            className="h-8 w-32"
            value={member.role}
            disabled={Boolean(roleReason) || updateRole.isPending}
            onChange={(event) => changeRole(event.target.value as Role)}
          >
            {(roleReason ? [member.role] : assignableRoles(viewer)).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </ReasonTooltip>
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(member.joinedAt)}</TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        {member.lastActiveAt ? formatRelative(member.lastActiveAt) : 'Never'}
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          {can(viewer.role, 'ownership.transfer') && !isMe && (
            <ReasonTooltip reason={transferDenied(viewer, member)}>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Transfer ownership to ${displayName(member)}`}
                disabled={Boolean(transferDenied(viewer, member))}
                onClick={() => setConfirm('transfer')}
              >
                <Crown />
              </Button>
            </ReasonTooltip>
          )}
          <ReasonTooltip reason={removeReason}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${displayName(member)}`}
              disabled={Boolean(removeReason)}
              onClick={() => setConfirm('remove')}
            >
              <UserMinus />
            </Button>
          </ReasonTooltip>
        </div>
        <ConfirmDialog
          open={confirm === 'remove'}
          onOpenChange={(open) => !open && setConfirm(null)}
          title={isMe ? 'Leave this organization?' : `Remove ${displayName(member)}?`}
          description={`${isMe ? 'You' : member.email} will lose access to this organization immediately. They can be invited again later.`}
          confirmLabel={isMe ? 'Leave' : 'Remove'}
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            runAction(remove.mutateAsync(member.userId), {
              onSuccess: () => {
                setConfirm(null);
                toast({
                  variant: 'success',
                  title: 'Member removed',
                  description: `${displayName(member)} no longer has access.`,
                });
              },
              onError: fail('Could not remove the member'),
            })
          }
        />
        <ConfirmDialog
          open={confirm === 'transfer'}
          onOpenChange={(open) => !open && setConfirm(null)}
          title={`Transfer ownership to ${displayName(member)}?`}
          description="They become the owner, with billing and ownership rights. You stay on as an admin."
          confirmLabel="Transfer ownership"
          pending={transfer.isPending}
          onConfirm={() =>
            runAction(transfer.mutateAsync(member.userId), {
              onSuccess: () => {
                setConfirm(null);
                toast({
                  variant: 'success',
                  title: 'Ownership transferred',
                  description: `${displayName(member)} is now the owner.`,
                });
              },
              onError: fail('Could not transfer ownership'),
            })
          }
        />
      </TableCell>
    </TableRow>
  );
}
