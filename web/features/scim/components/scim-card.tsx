import { KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { can } from '@common/roles';
import type { ScimTokenStatus } from '@common/contracts/scim';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { UpgradePrompt } from '@/components/billing/plan-gate';
import { useFeatureAccess } from '@/lib/billing/use-feature-access';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatRelative } from '@/lib/format';
import { useScimToken } from '../api/get-scim-token';
import { useRevokeScimToken } from '../api/revoke-scim-token';
import { useRotateScimToken } from '../api/rotate-scim-token';
import { ScimSetupSteps } from './scim-setup-steps';

/** Settings → Security: the SCIM token the identity provider (Okta, Entra ID) provisions people with. */
export function ScimCard() {
  const organization = useOrganization();
  const access = useFeatureAccess('scim');
  const canManage = organization.data ? can(organization.data.role, 'settings.manage') : false;
  const token = useScimToken(access.allowed && canManage);
  if (organization.isPending || access.loading) return <Spinner />;
  if (!access.allowed) return <UpgradePrompt feature="scim" />;
  return (
    <Card className="grid gap-4 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">SCIM provisioning</h3>
        <p className="text-sm text-muted-foreground">
          Your identity provider adds people to People, keeps their name, title and department up to date, and
          offboards them when they are deactivated: their seats are freed and the owners told.
        </p>
      </div>
      {!canManage ? (
        <p className="text-sm text-muted-foreground">Only owners and admins can set up SCIM provisioning.</p>
      ) : token.isPending ? (
        <Spinner />
      ) : token.error || !token.data ? (
        <p className="text-sm text-destructive">Could not load the SCIM token. {errorMessage(token.error)}</p>
      ) : (
        <TokenSection status={token.data} />
      )}
    </Card>
  );
}

function TokenSection({ status }: { status: ScimTokenStatus }) {
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useRotateScimToken();
  const revoke = useRevokeScimToken();
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (created) => {
        setConfirming(null);
        setSecret(created.token);
      },
      onError: (e) => toastError('Could not create the token', e),
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setSecret(null);
        toast({ variant: 'success', title: 'SCIM token revoked', description: 'Provisioning has stopped.' });
      },
      onError: (e) => toastError('Could not revoke the token', e),
    });

  return (
    <>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Base URL</span>
        <div className="flex flex-wrap items-center gap-2">
          <code
            aria-label="SCIM base URL"
            className="min-w-0 break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
          >
            {status.baseUrl}
          </code>
          <CopyButton value={status.baseUrl} what="Base URL" />
        </div>
      </div>
      {secret && (
        <div
          className="grid gap-1.5 rounded-md border border-primary/40 bg-primary/5 p-3"
          data-testid="new-scim-token"
        >
          <span className="text-sm font-medium">Your new token: copy it now, it is not shown again</span>
          <div className="flex flex-wrap items-center gap-2">
            <code
              aria-label="SCIM token"
              className="min-w-0 break-all rounded-md border bg-background px-3 py-2 font-mono text-sm"
            >
              {secret}
            </code>
            <CopyButton value={secret} what="Token" />
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm" data-testid="scim-token-status">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden />
          {status.exists ? (
            <span>
              Token <code className="font-mono">{status.prefix}…</code> created{' '}
              {status.createdAt ? formatDate(status.createdAt) : ''} ·{' '}
              {status.lastUsedAt ? `last used ${formatRelative(status.lastUsedAt)}` : 'never used'}
            </span>
          ) : (
            <span>No token yet: provisioning is off.</span>
          )}
        </p>
        <div className="flex gap-2">
          {status.exists ? (
            <>
              <Button variant="outline" onClick={() => setConfirming('rotate')}>
                <RefreshCw /> Rotate token
              </Button>
              <Button variant="ghost" onClick={() => setConfirming('revoke')}>
                <Trash2 /> Revoke
              </Button>
            </>
          ) : (
            <Button onClick={onRotate} disabled={rotate.isPending}>
              <KeyRound /> Generate token
            </Button>
          )}
        </div>
      </div>
      <ScimSetupSteps />
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => setConfirming(open ? 'rotate' : null)}
        title="Rotate the SCIM token?"
        description="The old token stops working at once: paste the new one in your identity provider, or provisioning fails until you do."
        confirmLabel="Rotate token"
        destructive
        pending={rotate.isPending}
        onConfirm={onRotate}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        onOpenChange={(open) => setConfirming(open ? 'revoke' : null)}
        title="Revoke the SCIM token?"
        description="Your identity provider can no longer add, update or offboard people. People already provisioned stay."
        confirmLabel="Revoke token"
        destructive
        pending={revoke.isPending}
        onConfirm={onRevoke}
      />
    </>
  );
}
