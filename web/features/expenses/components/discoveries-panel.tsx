import { Radar } from 'lucide-react';
import { useState } from 'react';
import type { Discovery } from '@common/contracts/expenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { UpgradeDialog } from '@/components/billing/upgrade-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatMoneyMinor } from '@/lib/format';
import { useAcceptDiscovery } from '../api/accept-discovery';
import { useDismissDiscovery } from '../api/dismiss-discovery';
import { useDiscoveries } from '../api/get-discoveries';

const CYCLE_WORD: Record<string, string> = { weekly: 'week', monthly: 'month', quarterly: 'quarter', annual: 'year' };

/** Recurring charges from tools nobody registered, each one click from becoming an application. */
export function DiscoveriesPanel({ canWrite }: { canWrite: boolean }) {
  const { data, isPending, error } = useDiscoveries();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  if (isPending) return <Spinner />;
  if (error || !data) return <p className="text-sm text-muted-foreground">Discoveries could not be loaded: {errorMessage(error)}</p>;
  if (data.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={Radar}
          title="No unregistered tools found"
          description="Recurring unmatched charges — the same merchant at regular intervals for a similar amount — show up here."
        />
      </Card>
    );
  }
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.map((d) => (
          <DiscoveryCard key={d.merchantKey} discovery={d} canWrite={canWrite} onLimit={() => setUpgradeOpen(true)} />
        ))}
      </div>
      <UpgradeDialog planId="pro" open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}

function DiscoveryCard({ discovery: d, canWrite, onLimit }: { discovery: Discovery; canWrite: boolean; onLimit: () => void }) {
  const accept = useAcceptDiscovery();
  const dismiss = useDismissDiscovery();
  // A promise, not `mutate` callbacks: an accepted discovery leaves the list as soon as it
  // refreshes, and TanStack never runs the per-call callbacks of an unmounted component.
  const onAccept = () => {
    void accept.mutateAsync(d.merchantKey).then(
      (result) =>
        toast({ variant: 'success', title: `${d.name} added to your applications`, description: `${result.matched} charges matched.` }),
      (e: unknown) => {
        if (e instanceof ApiError && e.data?.code === 'plan_limit') onLimit();
        toast({ variant: 'destructive', title: 'Could not add the application', description: errorMessage(e) });
      },
    );
  };
  return (
    <Card data-testid="discovery">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{d.name}</CardTitle>
          <Badge variant="secondary">{d.billingCycle}</Badge>
        </div>
        <CardDescription>{d.vendorName === d.name ? d.sampleMerchant : `${d.vendorName} · ${d.sampleMerchant}`}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <span className="text-lg font-semibold tabular-nums">
          {formatMoneyMinor(d.amountMinor, d.currency)}
          <span className="text-sm font-normal text-muted-foreground"> / {CYCLE_WORD[d.billingCycle] ?? d.billingCycle}</span>
        </span>
        <span className="text-muted-foreground">
          {d.occurrences} charges since {formatDate(`${d.firstDate}T12:00:00`)}, {formatMoneyMinor(d.totalMinor, d.currency)} in total
        </span>
      </CardContent>
      {canWrite && (
        <CardFooter>
          <Button size="sm" disabled={accept.isPending} onClick={onAccept}>
            {accept.isPending ? 'Adding…' : 'Add application'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(d.merchantKey, {
                onError: (e) => toast({ variant: 'destructive', title: 'Could not dismiss', description: errorMessage(e) }),
              })
            }
          >
            Not software
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
