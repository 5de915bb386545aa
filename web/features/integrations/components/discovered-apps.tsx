import { Check, EyeOff } from 'lucide-react';
import type { DiscoveredApp } from '@common/contracts/connectors';
import { plural } from '@common/wording';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatRelative } from '@/lib/format';
import { useAddDiscoveredApp } from '../api/add-discovered-app';
import { useDiscoveredApps } from '../api/get-discovered-apps';
import { useIgnoreDiscoveredApp } from '../api/ignore-discovered-app';

/** Scopes as people read them: the last part of a Google scope URL. */
const scopeLabel = (scope: string) => scope.replace('https://www.googleapis.com/auth/', '');

/** Applications a connector saw people grant access to, not in the inventory: Add or Ignore. */
export function DiscoveredApps({ canWrite }: { canWrite: boolean }) {
  const discovered = useDiscoveredApps('new', true);
  const add = useAddDiscoveredApp();
  const ignore = useIgnoreDiscoveredApp();
  const onAdd = (app: DiscoveredApp) =>
    add.mutate(app.id, {
      onSuccess: ({ seats }) =>
        toast({
          variant: 'success',
          title: `${app.name} added`,
          description: `${plural(seats, 'seat')} with their last use.`,
        }),
      onError: (e) => toastError(`Could not add ${app.name}`, e),
    });
  const onIgnore = (app: DiscoveredApp) =>
    ignore.mutate(app.id, { onError: (e) => toastError(`Could not ignore ${app.name}`, e) });
  return (
    <Card className="grid gap-4 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Discovered applications</h3>
        <p className="text-sm text-muted-foreground">
          Applications people signed in to or granted access to that are not in your applications. Personal
          apps with one user and sign-in scopes only come last.
        </p>
      </div>
      {discovered.isPending ? (
        <Spinner />
      ) : discovered.error || !discovered.data ? (
        <p className="text-sm text-destructive">
          Could not load discovered applications. {errorMessage(discovered.error)}
        </p>
      ) : discovered.data.apps.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing new: every application seen is in your inventory or ignored.
        </p>
      ) : (
        <Table>
          <TableColumns
            columns={[
              'Application',
              'Users',
              'First seen',
              'Last seen',
              'Scopes',
              { label: 'Actions', labelHidden: true },
            ]}
          />
          <TableBody>
            {discovered.data.apps.map((app) => (
              <TableRow key={app.id}>
                <TableCell>
                  <div className="flex items-center gap-2 font-medium">
                    {app.name}
                    {app.catalogSlug && <Badge variant="secondary">In catalogue</Badge>}
                    {app.lowSignal && <Badge variant="outline">Low signal</Badge>}
                  </div>
                </TableCell>
                <TableCell>{app.usersCount}</TableCell>
                <TableCell>{formatDate(app.firstSeenAt)}</TableCell>
                <TableCell>{formatRelative(app.lastSeenAt)}</TableCell>
                <TableCell
                  className="max-w-64 truncate text-xs text-muted-foreground"
                  title={app.scopes.join(' ')}
                >
                  {app.scopes.map(scopeLabel).join(', ')}
                </TableCell>
                <TableCell>
                  {canWrite && (
                    <div className="flex justify-end gap-2">
                      <Button size="sm" onClick={() => onAdd(app)} disabled={add.isPending}>
                        <Check className="size-4" />
                        Add
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onIgnore(app)}
                        disabled={ignore.isPending}
                      >
                        <EyeOff className="size-4" />
                        Ignore
                      </Button>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
