import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor } from '@/lib/format';
import { useLicenses } from '@/lib/licenses/get-licenses';
import { useLicenseAccess } from '@/lib/licenses/license-access';
import { AskHoldersButton } from './ask-holders-button';
import { LicensesUpgradePrompt } from '@/components/billing/licenses-upgrade-prompt';
import { PoolFormDialog } from './pool-form-dialog';
import { UtilisationBars } from './utilisation-bars';

/**
 * The licenses section of an application's detail page: its tiers with purchased / assigned /
 * active seats and waste, links to each tier's seat holders, add a tier, ask holders.
 */
export function SubscriptionLicenses({ subscriptionId, name }: { subscriptionId: string; name: string }) {
  const access = useLicenseAccess();
  const overview = useLicenses({ subscriptionId, enabled: access?.licensed ?? false });
  const [adding, setAdding] = useState(false);
  if (!access) return <Spinner />;
  if (!access.licensed) return <LicensesUpgradePrompt compact />;
  const app = overview.data?.applications[0];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Licenses</CardTitle>
          <CardDescription>
            {app
              ? `${app.utilisation.utilisationPct ?? '—'}% used · ${formatMoneyMinor(app.utilisation.wasteYearlyMinor, app.currency)} a year on idle seats`
              : `Track ${name}'s seats by tier to see who holds them and whether they are used.`}
          </CardDescription>
          {app && overview.data && (
            <p className="text-sm">
              {app.hasUsageData
                ? `Active users (last ${overview.data.inactivityDays} days): ${app.activeUsers}`
                : 'Active users: unknown (no usage recorded yet)'}
            </p>
          )}
          {app?.overAssignedPools.map((p) => (
            <p key={p.poolId} role="alert" className="text-sm font-medium text-warning">
              {`${p.tierName}: ${p.assigned} holders on ${p.seats ?? 0} seats purchased (over-assigned by ${p.assigned - (p.seats ?? 0)}). Buy seats or reclaim them.`}
            </p>
          ))}
        </div>
        <div className="flex gap-2">
          {app && !app.hasUsageData && app.utilisation.assigned > 0 && (
            <AskHoldersButton subscriptionId={subscriptionId} name={name} denied={access.editDenied} />
          )}
          <ReasonTooltip reason={access.editDenied}>
            <Button size="sm" disabled={Boolean(access.editDenied)} onClick={() => setAdding(true)}>
              <Plus /> Add tier
            </Button>
          </ReasonTooltip>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {overview.isPending ? (
          <Spinner />
        ) : overview.error ? (
          <p className="text-sm text-muted-foreground">{errorMessage(overview.error)}</p>
        ) : !app ? (
          <p className="text-sm text-muted-foreground">No license pools yet.</p>
        ) : (
          app.pools.map((pool) => (
            <div
              key={pool.id}
              className="flex flex-wrap items-center justify-between gap-4 rounded-lg border p-3"
            >
              <div className="grid gap-0.5">
                <Link to={`/app/licenses?pool=${pool.id}`} className="font-medium hover:underline">
                  {pool.tierName}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {formatMoneyMinor(pool.seatYearlyCostMinor, pool.currency)} per seat a year · waste{' '}
                  {formatMoneyMinor(pool.utilisation.wasteYearlyMinor, pool.currency)}
                </span>
              </div>
              <UtilisationBars utilisation={pool.utilisation} />
            </div>
          ))
        )}
      </CardContent>
      <PoolFormDialog open={adding} pool={null} subscriptionId={subscriptionId} onOpenChange={setAdding} />
    </Card>
  );
}
