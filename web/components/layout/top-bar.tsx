import { Menu, Sparkles, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { deniedReason } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useNextPlan } from '@/features/billing';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { NotificationsPopover } from '@/features/notifications';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { HelpPanel } from './help-panel';
import { UserMenu } from './user-menu';

// The invite form (and the form libraries it needs) loads when first opened, not with every page.
const InviteDialog = lazy(() =>
  import('@/features/team/components/invite-dialog').then((m) => ({ default: m.InviteDialog })),
);

/** See Plans, notifications, help, invite and the user menu (spec §2). */
export function TopBar({ onOpenSidebar }: { onOpenSidebar: () => void }) {
  const organization = useCurrentOrganizationSummary();
  const { openUpgrade } = useUpgradeDialog();
  const nextPlan = useNextPlan();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [inviteUsed, setInviteUsed] = useState(false);
  // Mirrors the server's team.manage; a full plan is answered by the server (plan_limit → upgrade).
  const inviteReason = organization ? deniedReason(organization.role, 'team.manage') : null;

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/80 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={onOpenSidebar}
        aria-label="Open sidebar"
      >
        <Menu />
      </Button>
      <div className="min-w-0 flex-1">
        {organization && (
          <p className="truncate text-sm font-medium text-muted-foreground">{organization.name}</p>
        )}
      </div>
      {nextPlan && (
        <Button variant="outline" size="sm" onClick={() => openUpgrade(nextPlan)} className="gap-1.5">
          <Sparkles className="text-primary" />
          <span className="hidden sm:inline">See Plans</span>
          <span className="sr-only sm:hidden">See Plans</span>
        </Button>
      )}
      <NotificationsPopover />
      <HelpPanel />
      <Tooltip>
        <TooltipTrigger asChild>
          {/* The span carries hover and focus when the button is disabled. */}
          <span className="inline-flex" tabIndex={inviteReason ? 0 : undefined}>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => {
                setInviteUsed(true);
                setInviteOpen(true);
              }}
              disabled={Boolean(inviteReason)}
              aria-label="Invite team member"
            >
              <UserPlus />
            </Button>
          </span>
        </TooltipTrigger>
        <TooltipContent>
          {inviteReason ? `Invite team member — ${inviteReason}` : 'Invite team member'}
        </TooltipContent>
      </Tooltip>
      <UserMenu />
      {inviteUsed && (
        <Suspense fallback={null}>
          <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} />
        </Suspense>
      )}
    </header>
  );
}
