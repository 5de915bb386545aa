import { Link } from 'react-router';
import type { ListUnavailableReason, PeerUnavailableReason } from '@common/contracts/benchmarks';
import type { Role } from '@common/roles';
import { Button } from '@/components/ui/button';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { LIST_UNAVAILABLE_TEXT, PEER_UNAVAILABLE_TEXT } from '../labels';
import { SelectBenchmarkTool } from './select-benchmark-tool';

function Note({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="grid gap-2 text-sm text-muted-foreground" data-testid={testId}>
      {children}
    </div>
  );
}

/** Why there is no list-price comparison; on Starter, the button that makes this application a benchmark tool. */
export function ListUnavailableNote({
  reason,
  subscriptionId,
  role,
}: {
  reason: ListUnavailableReason;
  subscriptionId: string;
  role: Role;
}) {
  return (
    <Note testId={`list-unavailable-${reason}`}>
      <p>{LIST_UNAVAILABLE_TEXT[reason]}</p>
      {reason === 'not_selected' && <SelectBenchmarkTool subscriptionId={subscriptionId} role={role} />}
    </Note>
  );
}

/** Why there are no peer figures, with the way out where there is one (upgrade, settings). */
export function PeerUnavailableNote({ reason }: { reason: PeerUnavailableReason }) {
  const { openUpgrade } = useUpgradeDialog();
  return (
    <Note testId={`peer-unavailable-${reason}`}>
      <p>{PEER_UNAVAILABLE_TEXT[reason]}</p>
      {reason === 'plan' && (
        <div>
          <Button size="sm" variant="outline" onClick={() => openUpgrade('scale')}>
            Upgrade to Scale
          </Button>
        </div>
      )}
      {reason === 'opted_out' && (
        <p>
          <Link to="/app/settings/organization" className="text-primary underline-offset-4 hover:underline">
            Change peer sharing in Settings
          </Link>
        </p>
      )}
    </Note>
  );
}
