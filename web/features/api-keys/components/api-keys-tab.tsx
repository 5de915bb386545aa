import { ExternalLink, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { API_AREAS, type ApiArea, type ApiKey } from '@common/contracts/api-keys';
import { can } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { PlanGate } from '@/components/billing/plan-gate';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatRelative } from '@/lib/format';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const DOCS_URL = '/api/docs';

/** "Read and write", "Read only", "Expenses: write"… */
function scopeLabel(scope: string): string {
  if (scope === 'read') return 'Read only';
  if (scope === 'write') return 'Read and write';
  const [area, access] = scope.split(':');
  return `${API_AREAS[area as ApiArea]?.label ?? area}: ${access}`;
}

function status(
  key: ApiKey,
  now = new Date(),
): { label: string; variant: 'success' | 'secondary' | 'destructive' } {
  if (key.revokedAt) return { label: 'Revoked', variant: 'destructive' };
  if (key.expiresAt && new Date(key.expiresAt) <= now) return { label: 'Expired', variant: 'secondary' };
  return { label: 'Active', variant: 'success' };
}

/** Settings → API: the organization's API keys (Scale), managed by owners and admins. */
export function ApiKeysTab() {
  return (
    <PlanGate feature="apiAccess">
      <ApiKeys />
    </PlanGate>
  );
}

function ApiKeys() {
  const organization = useOrganization();
  const canManage = organization.data ? can(organization.data.role, 'settings.manage') : false;
  const keys = useApiKeys(canManage);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast({ title: 'API key revoked', description: 'Calls with it are refused from now on.' });
        setRevoking(null);
      },
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Could not revoke', description: errorMessage(e) }),
    });

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>API keys</CardTitle>
          <CardDescription>
            Keys let scripts and tools read and update your data through the REST API, sent as{' '}
            <code>Authorization: Bearer …</code>. Each key is limited to the access chosen for it.{' '}
            <a
              href={DOCS_URL}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 underline"
            >
              API reference
              <ExternalLink className="size-3" aria-hidden />
            </a>
          </CardDescription>
        </div>
        {canManage && <Button onClick={() => setCreating(true)}>Create API key</Button>}
      </CardHeader>
      <CardContent>
        {organization.isPending ? (
          <Spinner />
        ) : !canManage ? (
          <p className="text-sm text-muted-foreground">
            Only owners and admins can see and create API keys. Ask one of them for a key if a tool needs
            access.
          </p>
        ) : keys.isPending ? (
          <Spinner />
        ) : keys.isError ? (
          <p className="text-sm text-destructive">{errorMessage(keys.error)}</p>
        ) : keys.data.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys yet"
            description="Create a read-only key for your data warehouse, for example."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Access</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.data.map((key) => {
                const state = status(key);
                return (
                  <TableRow key={key.id}>
                    <TableCell>
                      <div className="font-medium">{key.name}</div>
                      <code className="text-xs text-muted-foreground">{key.prefix}…</code>
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap gap-1">
                        {key.scopes.map((s) => (
                          <Badge key={s} variant="outline">
                            {scopeLabel(s)}
                          </Badge>
                        ))}
                      </div>
                    </TableCell>
                    <TableCell>
                      <div>{formatDate(key.createdAt)}</div>
                      {key.createdBy && (
                        <div className="text-xs text-muted-foreground">by {key.createdBy.name}</div>
                      )}
                    </TableCell>
                    <TableCell>
                      {key.lastUsedAt ? (
                        <>
                          <div>{formatRelative(key.lastUsedAt)}</div>
                          {key.lastUsedIp && (
                            <div className="text-xs text-muted-foreground">from {key.lastUsedIp}</div>
                          )}
                        </>
                      ) : (
                        'Never'
                      )}
                    </TableCell>
                    <TableCell>{key.expiresAt ? formatDate(key.expiresAt) : 'Never'}</TableCell>
                    <TableCell>
                      <Badge variant={state.variant}>{state.label}</Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      {!key.revokedAt && (
                        <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Every call made with this key is refused from now on. This cannot be undone."
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
