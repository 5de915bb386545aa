import { PEER_MIN_ORGANIZATIONS } from '@common/contracts/benchmarks';
import { can } from '@common/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useBenchmarkSettings } from '../api/get-benchmark-settings';
import { useUpdateBenchmarkSettings } from '../api/update-benchmark-settings';

/** Settings → Organization: whether this organization's prices count in (and it sees) peer benchmarks. */
export function PeerSharingCard() {
  const role = useOrganization().data?.role ?? 'viewer';
  const settings = useBenchmarkSettings();
  const update = useUpdateBenchmarkSettings();
  const allowed = can(role, 'settings.manage');
  const toggle = (peerSharing: boolean) =>
    update.mutate(
      { peerSharing },
      {
        onSuccess: () =>
          toast({ variant: 'success', title: peerSharing ? 'Peer sharing is on' : 'Peer sharing is off' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not change peer sharing',
            description: errorMessage(error),
          }),
      },
    );

  return (
    <Card data-testid="peer-sharing">
      <CardHeader>
        <CardTitle>Peer benchmarks</CardTitle>
        <CardDescription>
          Peer benchmarks show what other organizations on this installation pay for the same application,
          plan, seat band and term (Scale plan).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          <li>
            Contributing is anonymous: only your normalised price per seat or per month is counted, never your
            name.
          </li>
          <li>
            A figure is shown only when at least {PEER_MIN_ORGANIZATIONS} different organizations pay for that
            application in that seat band and term, and only as percentiles.
          </li>
          <li>Opting out stops your prices from being counted and also hides peer prices from you.</li>
        </ul>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <p className="text-sm text-destructive">
            Peer sharing could not be loaded: {errorMessage(settings.error)}
          </p>
        ) : (
          <div className="flex items-center gap-3">
            <Switch
              id="peer-sharing"
              checked={settings.data.peerSharing}
              disabled={!allowed || update.isPending}
              onCheckedChange={toggle}
            />
            <label htmlFor="peer-sharing" className="text-sm">
              Share our prices anonymously and see peer benchmarks
            </label>
          </div>
        )}
        {!allowed && (
          <p className="text-xs text-muted-foreground">
            {role === 'viewer' ? 'Viewers have read-only access. ' : ''}Only owners and admins can change
            this.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
