import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor } from '@/lib/format';
import { useDeletePool } from '../api/delete-pool';
import { usePool } from '../api/get-pool';
import { useReclaimLicenses } from '../api/reclaim-licenses';
import { AskHoldersButton } from './ask-holders-button';
import { PoolAssigneesTable } from './pool-assignees-table';
import { PoolFormDialog } from './pool-form-dialog';
import { UtilisationBars } from './utilisation-bars';
import { plural } from '@common/wording';

/** One tier in detail: who holds its seats and when they were last active; idle seats are reclaimed in bulk. */
export function PoolDetailDialog({
  poolId,
  editDenied,
  onClose,
}: {
  poolId: string | null;
  editDenied: string | null;
  onClose: () => void;
}) {
  const { data: pool, isPending, error } = usePool(poolId);
  const reclaim = useReclaimLicenses();
  const remove = useDeletePool();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => setSelected(new Set()), [poolId]);

  const doReclaim = () => {
    if (!pool) return;
    reclaim.mutateAsync({ poolId: pool.id, assignmentIds: [...selected] }).then(
      (result) => {
        setSelected(new Set());
        toast({
          variant: 'success',
          title: `${plural(result.reclaimed, 'seat')} reclaimed`,
          description: result.skippedActive.length
            ? `${result.skippedActive.length} active seat${result.skippedActive.length === 1 ? ' was' : 's were'} left in place.`
            : `Saves ${formatMoneyMinor(result.reclaimed * pool.seatYearlyCostMinor, pool.currency)} a year once you lower the seat count.`,
        });
      },
      (err) => toast({ variant: 'destructive', title: 'Could not reclaim', description: errorMessage(err) }),
    );
  };

  return (
    <Dialog open={poolId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        {isPending ? (
          <Spinner />
        ) : error || !pool ? (
          <p className="text-sm text-destructive">{errorMessage(error)}</p>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>
                {pool.subscriptionName} · {pool.tierName}
              </DialogTitle>
              <DialogDescription>
                {formatMoneyMinor(pool.seatYearlyCostMinor, pool.currency)} per seat a year · seats count as
                inactive after {pool.inactivityDays} days without activity.
                {pool.utilisation.overAssigned &&
                  ` ${pool.utilisation.overAssignedBy} more people than seats purchased.`}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap items-start justify-between gap-4">
              <UtilisationBars utilisation={pool.utilisation} />
              <div className="flex flex-wrap gap-2">
                <AskHoldersButton
                  subscriptionId={pool.subscriptionId}
                  poolId={pool.id}
                  name={pool.subscriptionName}
                  denied={editDenied}
                />
                <ReasonTooltip reason={editDenied}>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={Boolean(editDenied)}
                    onClick={() => setEditing(true)}
                  >
                    <Pencil /> Edit
                  </Button>
                </ReasonTooltip>
                <ReasonTooltip reason={editDenied}>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={Boolean(editDenied)}
                    onClick={() => setDeleting(true)}
                  >
                    <Trash2 /> Delete
                  </Button>
                </ReasonTooltip>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="warning">{pool.utilisation.inactive} inactive</Badge>
              <Badge variant="secondary">{pool.utilisation.unassigned} unassigned</Badge>
              <span className="flex-1" />
              <Button
                size="sm"
                variant="outline"
                disabled={Boolean(editDenied)}
                onClick={() =>
                  setSelected(new Set(pool.assignments.filter((a) => !a.active).map((a) => a.id)))
                }
              >
                Select inactive
              </Button>
              <Button
                size="sm"
                variant="destructive"
                disabled={selected.size === 0 || reclaim.isPending || Boolean(editDenied)}
                onClick={doReclaim}
              >
                Reclaim {plural(selected.size, 'seat')}
              </Button>
            </div>
            <PoolAssigneesTable
              seatsSource={pool.seatsSource}
              assignments={pool.assignments}
              history={pool.history}
              selected={selected}
              selectable={!editDenied}
              onToggle={(id) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (next.has(id)) next.delete(id);
                  else next.add(id);
                  return next;
                })
              }
            />
            <PoolFormDialog open={editing} pool={pool} onOpenChange={setEditing} />
            <ConfirmDialog
              open={deleting}
              onOpenChange={setDeleting}
              title={`Delete ${pool.subscriptionName} · ${pool.tierName}?`}
              description={`Its ${pool.utilisation.assigned} seat assignments and their history are deleted too.`}
              confirmLabel="Delete"
              destructive
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutateAsync(pool.id).then(
                  () => {
                    setDeleting(false);
                    onClose();
                    toast({ title: 'License pool deleted' });
                  },
                  (err) =>
                    toast({
                      variant: 'destructive',
                      title: 'Could not delete',
                      description: errorMessage(err),
                    }),
                )
              }
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
