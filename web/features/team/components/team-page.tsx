import { MailPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { canUseFeature, PLANS, UNLIMITED } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/auth/get-user';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useInvitations } from '../api/get-invitations';
import { useMembers } from '@/lib/team/get-members';
import { inviteDenied, type TeamViewer } from '../team-permissions';
import { InvitationRow } from './invitation-row';
import { InviteDialog } from './invite-dialog';
import { MemberRow } from './member-row';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';

/**
 * /app/team: members and pending invitations, with the actions the caller's role allows. Settings →
 * Team shows the same page `embedded`, under the settings tab's own heading.
 */
export function TeamPage({ embedded = false }: { embedded?: boolean }) {
  const organization = useOrganization();
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const invitations = useInvitations();
  const [inviteOpen, setInviteOpen] = useState(false);
  const { openUpgrade } = useUpgradeDialog();

  if (organization.isPending || members.isPending || invitations.isPending || !user) return <Spinner />;
  const failed = organization.error ?? members.error ?? invitations.error;
  if (failed || !organization.data || !members.data || !invitations.data) {
    return (
      <p className="text-sm text-muted-foreground">The team could not be loaded: {errorMessage(failed)}</p>
    );
  }

  const org = organization.data;
  const viewer: TeamViewer = {
    role: org.role,
    userId: user.id,
    plan: org.effectivePlan,
    ownerCount: members.data.filter((m) => m.role === 'owner').length,
  };
  const pending = invitations.data.filter((i) => i.status === 'pending').length;
  const maxUsers = PLANS[org.effectivePlan].maxUsers;
  const hasTeamFeature = canUseFeature(org.effectivePlan, 'team');
  const reason = inviteDenied(viewer);
  const inviteButton = (
    <ReasonTooltip reason={reason}>
      <Button disabled={Boolean(reason)} onClick={() => setInviteOpen(true)}>
        <MailPlus /> Invite member
      </Button>
    </ReasonTooltip>
  );

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      {embedded ? (
        <div className="flex justify-end">{inviteButton}</div>
      ) : (
        <PageHeader
          title="Team"
          description={`The people who can sign in to ${org.name}, and what each of them may do.`}
          actions={inviteButton}
        />
      )}

      {!hasTeamFeature && (
        <Card className="border-primary/40 bg-primary/5">
          <CardHeader>
            <CardTitle>Team collaboration is part of {PLANS.pro.name}</CardTitle>
            <CardDescription>
              The {PLANS[org.effectivePlan].name} plan is for a single user. {PLANS.pro.name} adds up to{' '}
              {PLANS.pro.maxUsers} team members with roles; {PLANS.scale.name} has no limit.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => openUpgrade('pro')}>See {PLANS.pro.name}</Button>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-4">
          <div className="grid gap-1">
            <CardTitle>Members</CardTitle>
            <CardDescription>
              {maxUsers >= UNLIMITED
                ? `${members.data.length} members, ${pending} pending invitations.`
                : `${members.data.length + pending} of ${maxUsers} ${maxUsers === 1 ? 'seat' : 'seats'} used (members and pending invitations).`}
            </CardDescription>
          </div>
        </CardHeader>
        <Table>
          <TableColumns
            columns={['Name', 'Role', 'Joined', 'Last active', { label: 'Actions', className: 'text-right' }]}
          />
          <TableBody>
            {members.data.map((member) => (
              <MemberRow key={member.userId} member={member} viewer={viewer} />
            ))}
          </TableBody>
        </Table>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
          <CardDescription>
            Links work once and expire after 7 days; resending sends a fresh link.
          </CardDescription>
        </CardHeader>
        {invitations.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No pending invitations"
            description="Invite colleagues to share the work."
          />
        ) : (
          <Table>
            <TableColumns
              columns={[
                'Email',
                'Role',
                'Invited by',
                'Expiry',
                { label: 'Actions', className: 'text-right' },
              ]}
            />
            <TableBody>
              {invitations.data.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} viewer={viewer} />
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} chooseRole />
    </div>
  );
}
