import { ArchiveRestore, Archive, Pencil } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { BackLink, DetailLoadError } from '@/components/layout/detail-page-parts';
import {
  useArchiveSubscription,
  useRestoreSubscription,
  useSubscription,
  ActivityLog,
  PriceHistory,
  SubscriptionDialog,
  SubscriptionOverview,
} from '@/features/subscriptions';
import { AppLogo } from '@/components/app-logo';
import { BenchmarkCard } from '@/features/benchmarks';
import { SubscriptionContracts } from '@/features/contracts';
import { AllocationCard } from '@/features/entities';
import { SubscriptionLicenses } from '@/features/licenses';
import { SubscriptionSpend } from '@/features/expenses';
import { ApplicationOpportunities } from '@/features/insights';

/** /app/subscriptions/:id — one application. */
export function SubscriptionDetailPage() {
  const { id = '' } = useParams();
  const query = useSubscription(id);
  const archive = useArchiveSubscription();
  const restore = useRestoreSubscription();
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <DetailLoadError
        error={query.error}
        missing="This application does not exist or was removed."
        backTo="/app/subscriptions"
        backLabel="Back to applications"
      />
    );
  }
  const s = query.data;
  const onError = (error: unknown) => toastError('Error', error);

  return (
    <div className="grid gap-4">
      <BackLink to="/app/subscriptions" label="Applications" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <AppLogo name={s.name} logoUrl={s.logoUrl} className="size-10" />
          <div>
            <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
              {s.name} {s.archivedAt && <Badge variant="outline">Archived</Badge>}
            </h1>
            {s.vendorName && <p className="text-sm text-muted-foreground">{s.vendorName}</p>}
          </div>
        </div>
        <div className="flex gap-2">
          {s.archivedAt ? (
            <Button
              variant="outline"
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(s.id, {
                  onError,
                  onSuccess: () => toast({ variant: 'success', title: `${s.name} restored` }),
                })
              }
            >
              <ArchiveRestore aria-hidden /> Restore
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
              <Button
                variant="outline"
                disabled={archive.isPending}
                onClick={() =>
                  archive.mutate(s.id, {
                    onError,
                    onSuccess: () => toast({ variant: 'success', title: `${s.name} archived` }),
                  })
                }
              >
                <Archive aria-hidden /> Archive
              </Button>
            </>
          )}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          <SubscriptionOverview subscription={s} />
          <BenchmarkCard subscriptionId={s.id} />
          <SubscriptionLicenses subscriptionId={s.id} name={s.name} />
          <SubscriptionContracts subscriptionId={s.id} currency={s.currency} />
          <SubscriptionSpend subscriptionId={s.id} />
        </div>
        <div className="grid content-start gap-4">
          <Suspense fallback={null}>
            <ApplicationOpportunities applicationId={s.id} />
          </Suspense>
          <AllocationCard kind="subscription" id={s.id} />
          <PriceHistory id={s.id} />
          <ActivityLog id={s.id} />
        </div>
      </div>
      <SubscriptionDialog open={editing} onOpenChange={setEditing} subscription={s} />
    </div>
  );
}
