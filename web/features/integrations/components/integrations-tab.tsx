import { Plug, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ConnectorProvider,
  type ConnectorState,
  isAccountingProvider,
} from '@common/contracts/connectors';
import { can } from '@common/roles';
import { plural } from '@common/wording';
import { UpgradePrompt } from '@/components/billing/plan-gate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { errorMessage } from '@/lib/api-client';
import { useFeatureAccess } from '@/lib/billing/use-feature-access';
import { formatRelative } from '@/lib/format';
import { useOrganization } from '@/lib/organizations/get-organization';
import { useConnectConnector } from '../api/connect-connector';
import { useDisconnectConnector } from '../api/disconnect-connector';
import { useConnectors } from '../api/get-connectors';
import { useSyncConnector } from '../api/sync-connector';
import { ApiTokenForm } from './api-token-form';
import { DiscoveredApps } from './discovered-apps';

const STATUS_LABELS = {
  connected: { label: 'Connected', variant: 'success' },
  syncing: { label: 'Syncing', variant: 'default' },
  needs_reconnect: { label: 'Needs reconnecting', variant: 'warning' },
  disconnected: { label: 'Disconnected', variant: 'secondary' },
} as const;

/** What each connector brings, and the server settings that enable it. */
const ABOUT: Record<ConnectorProvider, { description: string; env: string }> = {
  google_workspace: {
    description:
      'People from the directory, third-party applications people granted access to, sign-ins as seat activity, and Google Workspace seats from the License Manager. Read-only access, consented by a super admin.',
    env: 'GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET',
  },
  entra_id: {
    description:
      'People from Microsoft Entra ID, enterprise applications and the permissions people granted them, sign-in logs as seat activity, and Microsoft 365 seats from your subscriptions. Read-only Microsoft Graph access, consented by an administrator.',
    env: 'MICROSOFT_OAUTH_CLIENT_ID and MICROSOFT_OAUTH_CLIENT_SECRET',
  },
  okta: {
    description:
      'People from Okta, applications and who is assigned to them, and single sign-ons from the System Log as seat activity. Connected with your Okta domain and a read-only API token or an OAuth service app.',
    env: '',
  },
  slack: {
    description:
      'Slack seats: billable members become the seats purchased and assigned, matched to People by e-mail; deactivated members release their seat. Installed by a workspace admin; people are never created from Slack.',
    env: 'SLACK_OAUTH_CLIENT_ID and SLACK_OAUTH_CLIENT_SECRET',
  },
  quickbooks: {
    description:
      'Bills and card, cash and check purchases become expenses, and vendor credits and card refunds reduce them, matched to applications like card lines, each with a link back to QuickBooks. Read-only use of the accounting scope.',
    env: 'QUICKBOOKS_OAUTH_CLIENT_ID and QUICKBOOKS_OAUTH_CLIENT_SECRET',
  },
  xero: {
    description:
      'Bills and spend money transactions become expenses, and supplier credit notes and refunds reduce them, from every connected organisation, matched to applications like card lines, each with a link back to Xero. Read-only access to transactions.',
    env: 'XERO_OAUTH_CLIENT_ID and XERO_OAUTH_CLIENT_SECRET',
  },
};

/** Settings → Integrations: each provider's card, and the applications connectors discovered. */
export function IntegrationsTab() {
  const organization = useOrganization();
  const access = useFeatureAccess('connectors');
  const connectors = useConnectors(access.allowed);
  const [params] = useSearchParams();
  if (organization.isPending || access.loading) return <Spinner />;
  if (!access.allowed) return <UpgradePrompt feature="connectors" />;
  const canManage = organization.data ? can(organization.data.role, 'settings.manage') : false;
  const canWrite = organization.data ? can(organization.data.role, 'data.write') : false;
  const error = params.get('error');
  return (
    <div className="grid gap-6">
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {connectors.isPending ? (
        <Spinner />
      ) : connectors.error || !connectors.data ? (
        <p className="text-sm text-destructive">
          Could not load the integrations. {errorMessage(connectors.error)}
        </p>
      ) : (
        connectors.data.connectors.map((state) => (
          <ConnectorCard key={state.provider} state={state} canManage={canManage} />
        ))
      )}
      <DiscoveredApps canWrite={canWrite} />
    </div>
  );
}

function RunSummary({ state }: { state: ConnectorState }) {
  const run = state.connection?.lastRun;
  if (!run) return null;
  const c = run.counts;
  const figures = isAccountingProvider(state.provider)
    ? [
        plural(c.expensesImported, 'expense') + ' imported',
        plural(c.expensesUpdated, 'expense') + ' updated',
        plural(c.expensesRemoved, 'expense') + ' removed (deleted or voided)',
      ]
    : [
        plural(c.peopleCreated + c.peopleUpdated, 'person', 'people') + ' synced',
        plural(c.peopleOffboarded, 'person', 'people') + ' offboarded',
        plural(c.appsDiscovered, 'new application') + ' discovered',
        plural(c.seatsUpdated, 'seat') + ' updated',
      ];
  return (
    <div className="grid gap-1 text-sm" data-testid="connector-last-run">
      <span>
        {run.status === 'running' && run.error
          ? `An attempt failed (${run.error}); the sync retries from where it stopped. ${plural(c.pages, 'page')} read`
          : run.status === 'running'
            ? `Syncing${run.step ? ` (${run.step.replace('_', ' ')})` : ''}… ${plural(c.pages, 'page')} read`
            : run.status === 'failed'
              ? `Last sync failed: ${run.error ?? 'unknown error'}`
              : `Last sync ${run.finishedAt ? formatRelative(run.finishedAt) : ''}`}
      </span>
      <span className="text-muted-foreground">{figures.join(' · ')}</span>
    </div>
  );
}

function ConnectorCard({ state, canManage }: { state: ConnectorState; canManage: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const connect = useConnectConnector();
  const sync = useSyncConnector();
  const disconnect = useDisconnectConnector();
  const connection = state.connection;
  const live = connection && connection.status !== 'disconnected';
  const status = connection ? STATUS_LABELS[connection.status] : null;
  const [tokenFormOpen, setTokenFormOpen] = useState(false);
  const onConnect = () =>
    state.auth === 'api_token'
      ? setTokenFormOpen(true)
      : connect.mutate(state.provider, {
          onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
          onError: (e) => toastError(`Could not connect ${state.label}`, e),
        });
  const onSync = () =>
    sync.mutate(state.provider, {
      onSuccess: () =>
        toast({ variant: 'success', title: 'Sync started', description: `${state.label} is syncing.` }),
      onError: (e) => toastError('Could not start the sync', e),
    });
  const onDisconnect = () =>
    disconnect.mutate(state.provider, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          variant: 'success',
          title: `${state.label} disconnected`,
          description: 'What was imported stays.',
        });
      },
      onError: (e) => toastError('Could not disconnect', e),
    });
  return (
    <Card className="grid gap-4 p-6" aria-label={state.label}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <h3 className="text-sm font-semibold">{state.label}</h3>
            {status && <Badge variant={status.variant}>{status.label}</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">{ABOUT[state.provider].description}</p>
          {connection?.siteUrl && live && (
            <p className="text-xs text-muted-foreground">
              {connection.siteUrl}
              {connection.accountEmail ? ` · token of ${connection.accountEmail}` : ''}
            </p>
          )}
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {!live || connection.status === 'needs_reconnect' ? (
              <Button onClick={onConnect} disabled={!state.configured || connect.isPending}>
                <Plug className="size-4" />
                {connection?.status === 'needs_reconnect' ? 'Reconnect' : 'Connect'}
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={onSync}
                disabled={!state.configured || sync.isPending || connection.status === 'syncing'}
              >
                <RefreshCw className="size-4" />
                Sync now
              </Button>
            )}
            {live && (
              <Button variant="outline" onClick={() => setConfirming(true)}>
                <Unplug className="size-4" />
                Disconnect
              </Button>
            )}
          </div>
        )}
      </div>
      {!state.configured && (
        <p className="text-sm text-muted-foreground">
          Not configured on this server: your administrator sets {ABOUT[state.provider].env}.
        </p>
      )}
      {connection?.status === 'needs_reconnect' && (
        <p className="text-sm text-warning">
          {state.auth === 'api_token'
            ? `${state.label} refused the stored API token (revoked or expired). Reconnect with a new token to resume syncing.`
            : `${state.label} refused the stored authorization (consent withdrawn or expired). Reconnect to resume syncing.`}
        </p>
      )}
      {state.auth === 'api_token' && (
        <ApiTokenForm
          provider={state.provider}
          label={state.label}
          domain={connection?.siteUrl ? new URL(connection.siteUrl).host : null}
          open={tokenFormOpen}
          onOpenChange={setTokenFormOpen}
        />
      )}
      {live && <RunSummary state={state} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${state.label}?`}
        description={`Syncing stops and the stored tokens are deleted. ${
          isAccountingProvider(state.provider) ? 'Expenses' : 'People, applications and activity'
        } already imported stay.`}
        confirmLabel="Disconnect"
        destructive
        pending={disconnect.isPending}
        onConfirm={onDisconnect}
      />
    </Card>
  );
}
