import { useState } from 'react';
import type { LicensePool } from '@common/contracts/licenses';
import type { Person, PersonLicense } from '@common/contracts/people';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { errorMessage } from '@/lib/api-client';
import { useAssignLicenses } from '../api/assign-licenses';
import { useRestoreLicense } from '../api/restore-license';
import { useUnassignLicense } from '../api/unassign-license';
import { LicenseChip } from './license-chip';
import { PoolCombobox, poolsWithFreeSeats } from './pool-combobox';

/**
 * A person's seats as chips, edited in place: the + picks a pool with a free seat, the × gives a
 * seat back with an Undo in the toast (the same seat, with its history, is reopened).
 */
export function PersonLicensesCell({
  person,
  pools,
  editDenied,
}: {
  person: Person;
  pools: LicensePool[];
  editDenied: string | null;
}) {
  const assign = useAssignLicenses();
  const unassign = useUnassignLicense();
  const restore = useRestoreLicense();
  const [removing, setRemoving] = useState<string | null>(null);
  const canEdit = editDenied === null && person.status === 'active';
  const held = new Set(person.licenses.map((l) => l.poolId));

  const add = (pool: LicensePool) => {
    const label = `${pool.subscriptionName} · ${pool.tierName}`;
    assign.mutateAsync({ poolId: pool.id, personIds: [person.id] }).then(
      (result) =>
        toast({
          variant: 'success',
          title: `${label} assigned to ${person.name}`,
          description: result.utilisation.overAssigned
            ? `${pool.subscriptionName} now has more people than seats purchased.`
            : undefined,
        }),
      (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not assign the license',
          description: errorMessage(error),
        }),
    );
  };

  const undo = (license: PersonLicense, dismiss: () => void) => {
    dismiss();
    restore.mutateAsync({ poolId: license.poolId, assignmentId: license.id }).then(
      () => toast({ title: `${license.subscriptionName} · ${license.tierName} is back for ${person.name}` }),
      (error) => toast({ variant: 'destructive', title: 'Could not undo', description: errorMessage(error) }),
    );
  };

  const remove = (license: PersonLicense) => {
    setRemoving(license.id);
    unassign
      .mutateAsync({ poolId: license.poolId, assignmentId: license.id })
      .then(
        () => {
          const shown = toast({
            title: `${license.subscriptionName} · ${license.tierName} removed from ${person.name}`,
            action: (
              <Button size="sm" variant="outline" onClick={() => undo(license, shown.dismiss)}>
                Undo
              </Button>
            ),
          });
        },
        (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not remove the license',
            description: errorMessage(error),
          }),
      )
      .finally(() => setRemoving(null));
  };

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {person.licenses.map((license) => (
        <LicenseChip
          key={license.id}
          license={license}
          personName={person.name}
          removing={removing === license.id}
          onRemove={canEdit ? () => remove(license) : undefined}
        />
      ))}
      {person.licenses.length === 0 && <span className="text-xs text-muted-foreground">No licenses</span>}
      {person.status === 'active' && (
        <ReasonTooltip reason={editDenied}>
          <PoolCombobox
            options={canEdit ? poolsWithFreeSeats(pools, held) : []}
            personName={person.name}
            onPick={add}
            disabled={!canEdit || assign.isPending}
          />
        </ReasonTooltip>
      )}
    </div>
  );
}
