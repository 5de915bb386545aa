import { CheckCircle2, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { daysRemaining } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatRelative } from '@/lib/format';

const AVAILABLE = ['View subscription data', 'Analytics and insights', 'Export data', 'Review team and settings'];
const LOCKED = ['Adding or editing subscriptions', 'Inviting team members', 'Creating budgets', 'Modifying any data'];

const prevent = (event: Event) => event.preventDefault();

/** Undismissable while the account is read-only after a trial (spec §2); N is days left, rounded up. */
export function GraceDialog({ graceEndsAt, now = new Date() }: { graceEndsAt: string | null; now?: Date }) {
  const days = daysRemaining(graceEndsAt, now);
  return (
    <Dialog open>
      <DialogContent
        hideClose
        className="max-w-lg"
        onEscapeKeyDown={prevent}
        onPointerDownOutside={prevent}
        onInteractOutside={prevent}
        data-testid="grace-dialog"
      >
        <DialogHeader>
          <DialogTitle>Your Trial Has Ended</DialogTitle>
          <DialogDescription>You're in a {days}-day grace period with read-only access</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <section className="grid content-start gap-2 rounded-lg border p-4">
            <h3 className="text-sm font-semibold">Still available</h3>
            <ul className="grid gap-1.5 text-sm">
              {AVAILABLE.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </section>
          <section className="grid content-start gap-2 rounded-lg border p-4">
            <h3 className="text-sm font-semibold">Locked</h3>
            <ul className="grid gap-1.5 text-sm">
              {LOCKED.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        </div>
        {graceEndsAt && (
          <p className="text-center text-sm font-medium">Grace period ends {formatRelative(graceEndsAt, now)}</p>
        )}
        <Button asChild className="w-full">
          <Link to="/app/settings/plans">Upgrade Now to Continue</Link>
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          Premium features will be lost after {days} {days === 1 ? 'day' : 'days'}.
        </p>
      </DialogContent>
    </Dialog>
  );
}
