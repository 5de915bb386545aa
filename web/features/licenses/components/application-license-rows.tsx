import { ChevronRight } from 'lucide-react';
import { CONNECTOR_LABELS, type ConnectorProvider } from '@common/contracts/connectors';
import type { ApplicationLicenses, LicensePool, UtilisationView } from '@common/contracts/licenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatMoneyMinor, formatRelative } from '@/lib/format';
import { AskHoldersButton } from './ask-holders-button';
import { UtilisationBars } from './utilisation-bars';

function Pct({ utilisation }: { utilisation: UtilisationView }) {
  const pct = utilisation.utilisationPct;
  const tone =
    pct === null
      ? 'text-muted-foreground'
      : pct >= 80
        ? 'text-success'
        : pct >= 50
          ? 'text-foreground'
          : 'text-warning';
  return (
    <span className={cn('text-sm font-semibold tabular-nums', tone)}>{pct === null ? '—' : `${pct}%`}</span>
  );
}

/** The connector's name when a source is one (Slack, Google Workspace), else null. */
const connectorLabel = (source: string | null) =>
  source && source in CONNECTOR_LABELS ? CONNECTOR_LABELS[source as ConnectorProvider] : null;

/** The freshest pool whose seats a connector keeps: "Seats from Slack · synced 2 hours ago". */
function SeatsSource({ app }: { app: ApplicationLicenses }) {
  const kept = app.pools
    .filter((p) => p.seatsSource && p.seatsSyncedAt)
    .sort((a, b) => b.seatsSyncedAt!.localeCompare(a.seatsSyncedAt!))[0];
  const label = kept && connectorLabel(kept.seatsSource);
  if (!kept || !label) return null;
  return (
    <Badge
      variant="outline"
      data-testid="seats-source"
      title={`Seats purchased and holders are kept by the ${label} integration`}
    >
      Seats from {label} · synced {formatRelative(kept.seatsSyncedAt!)}
    </Badge>
  );
}

/** An application (its tiers added up) followed by one row per tier; a tier opens its seat holders. */
export function ApplicationLicenseRows({
  app,
  editDenied,
  onOpenPool,
}: {
  app: ApplicationLicenses;
  editDenied: string | null;
  onOpenPool: (pool: LicensePool) => void;
}) {
  return (
    <>
      <TableRow className="bg-muted/20">
        <TableCell>
          <div className="flex flex-wrap items-center gap-2 font-medium">
            <span data-testid="license-app-name">{app.name}</span>
            {app.utilisation.overAssigned && (
              <Badge variant="warning">Over-assigned by {app.utilisation.overAssignedBy}</Badge>
            )}
            {!app.hasUsageData && <Badge variant="secondary">No usage data</Badge>}
            {connectorLabel(app.usageSource) && app.lastActivityAt && (
              <Badge variant="outline" title={`Seat activity from ${connectorLabel(app.usageSource)}`}>
                {connectorLabel(app.usageSource)} · {formatRelative(app.lastActivityAt)}
              </Badge>
            )}
            <SeatsSource app={app} />
          </div>
          {app.category && <div className="text-xs text-muted-foreground">{app.category}</div>}
        </TableCell>
        <TableCell>
          <UtilisationBars utilisation={app.utilisation} />
        </TableCell>
        <TableCell className="text-right">
          <Pct utilisation={app.utilisation} />
        </TableCell>
        <TableCell className="text-right">
          <div className="font-semibold tabular-nums">
            {formatMoneyMinor(app.utilisation.wasteYearlyMinor, app.currency)}
          </div>
          <div className="text-xs text-muted-foreground">{app.utilisation.wastedSeats} idle seats</div>
        </TableCell>
        <TableCell className="text-right">
          {!app.hasUsageData && app.utilisation.assigned > 0 && (
            <AskHoldersButton subscriptionId={app.subscriptionId} name={app.name} denied={editDenied} />
          )}
        </TableCell>
      </TableRow>
      {app.pools.map((pool) => (
        <TableRow key={pool.id}>
          <TableCell className="pl-8">
            <button
              type="button"
              className="text-left text-sm hover:underline"
              onClick={() => onOpenPool(pool)}
            >
              {pool.tierName}
            </button>
            <div className="text-xs text-muted-foreground">
              {formatMoneyMinor(pool.seatYearlyCostMinor, pool.currency)} per seat a year
              {pool.utilisation.overAssigned && ' · over-assigned'}
            </div>
          </TableCell>
          <TableCell className="text-xs text-muted-foreground">
            {pool.seats === null ? 'Unlimited' : `${pool.utilisation.assigned} of ${pool.seats} assigned`} ·{' '}
            {pool.utilisation.active} active
          </TableCell>
          <TableCell className="text-right">
            <Pct utilisation={pool.utilisation} />
          </TableCell>
          <TableCell className="text-right text-sm tabular-nums">
            {formatMoneyMinor(pool.utilisation.wasteYearlyMinor, pool.currency)}
          </TableCell>
          <TableCell className="text-right">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onOpenPool(pool)}
              aria-label={`Seats of ${app.name} ${pool.tierName}`}
            >
              Seats <ChevronRight />
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}
