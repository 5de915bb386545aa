import { FileSignature, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { successorTerms } from '@common/contract-terms';
import type { Contract } from '@common/contracts/contracts';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import { useDeleteContract } from '../api/delete-contract';
import { useSubscriptionContracts } from '../api/get-subscription-contracts';
import { useRenewContract } from '../api/renew-contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ContractCard } from './contract-card';
import { ContractFormDialog } from './contract-form-dialog';

interface SubscriptionContractsProps {
  subscriptionId: string;
  /** The application's currency, for contract values (default: the organization's). */
  currency?: string;
}

const isLive = (c: Contract) => c.status === 'active' || c.status === 'renewing';

/** The contracts section of an application: running and past contracts, documents, renew. */
export function SubscriptionContracts({ subscriptionId, currency }: SubscriptionContractsProps) {
  const organization = useCurrentOrganizationSummary();
  const { data, isPending, isError, error } = useSubscriptionContracts(subscriptionId);
  const renew = useRenewContract();
  const remove = useDeleteContract();
  const [editing, setEditing] = useState<Contract | 'new' | null>(null);
  const [renewing, setRenewing] = useState<Contract | null>(null);
  const [deleting, setDeleting] = useState<Contract | null>(null);
  const canWrite = organization ? can(organization.role, 'data.write') : false;
  const money = currency ?? organization?.currency ?? 'USD';
  const planRequired = error instanceof ApiError && error.data?.code === 'plan_required';
  const sorted = [...(data ?? [])].sort(
    (a, b) => Number(isLive(b)) - Number(isLive(a)) || b.endDate.localeCompare(a.endDate),
  );
  const next = renewing ? successorTerms(renewing) : null;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Contracts</CardTitle>
          <CardDescription>
            Terms, notice periods and signed documents. The renewal date follows the running contract.
          </CardDescription>
        </div>
        {canWrite && !planRequired && !isError && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus />
            Add contract
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending ? (
          <Spinner />
        ) : planRequired ? (
          <EmptyState
            icon={FileSignature}
            title="Contract management is part of Growth"
            description="Keep every contract, notice period and signed document with the application, and renew in one click."
            action={
              <Button asChild size="sm">
                <Link to="/app/settings/plans">See plans</Link>
              </Button>
            }
          />
        ) : isError ? (
          <p className="text-sm text-destructive">Contracts could not be loaded: {errorMessage(error)}</p>
        ) : sorted.length === 0 ? (
          <EmptyState
            icon={FileSignature}
            title="No contracts yet"
            description="Add the signed order form or agreement to track its term and notice period."
          />
        ) : (
          sorted.map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              canWrite={canWrite}
              onEdit={() => setEditing(contract)}
              onRenew={() => setRenewing(contract)}
              onDelete={() => setDeleting(contract)}
            />
          ))
        )}
      </CardContent>
      {editing && (
        <ContractFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          subscriptionId={subscriptionId}
          currency={editing === 'new' ? money : editing.currency}
          contract={editing === 'new' ? null : editing}
        />
      )}
      <ConfirmDialog
        open={renewing !== null}
        onOpenChange={(open) => !open && setRenewing(null)}
        title={`Renew ${renewing?.title ?? 'contract'}?`}
        description={
          next
            ? `A new contract runs ${formatCalendarDate(next.startDate)} – ${formatCalendarDate(next.endDate)} on the same terms; this one becomes renewed. Edit the new one afterwards for a new price.`
            : ''
        }
        confirmLabel="Renew contract"
        pending={renew.isPending}
        onConfirm={() =>
          renewing &&
          renew.mutate(renewing.id, {
            onSuccess: (created) => {
              setRenewing(null);
              toast({
                variant: 'success',
                title: 'Contract renewed',
                description: `Runs until ${formatCalendarDate(created.endDate)}.`,
              });
            },
            onError: (err) =>
              toast({ variant: 'destructive', title: 'Could not renew', description: errorMessage(err) }),
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.title ?? 'contract'}?`}
        description="The contract and its documents are deleted for good."
        confirmLabel="Delete contract"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) =>
              toast({ variant: 'destructive', title: 'Could not delete', description: errorMessage(err) }),
          })
        }
      />
    </Card>
  );
}
