import { useEffect, useState } from 'react';
import { BILLING_CYCLES, type BillingCycle } from '@common/billing';
import type { LicensePool } from '@common/contracts/licenses';
import { toDecimalString, toMinor } from '@common/money';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { namedOptions, optionsOf, OptionsSelect } from '@/components/ui/options-select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useCreatePool } from '../api/create-pool';
import { useApplicationOptions } from '../api/get-application-options';
import { useUpdatePool } from '../api/update-pool';

interface Draft {
  subscriptionId: string;
  tierName: string;
  unlimited: boolean;
  seats: string;
  price: string;
  billingCycle: BillingCycle | '';
  notes: string;
}

function draftOf(pool: LicensePool | null, subscriptionId = ''): Draft {
  return {
    subscriptionId: pool?.subscriptionId ?? subscriptionId,
    tierName: pool?.tierName ?? '',
    unlimited: pool ? pool.seats === null : false,
    seats: pool?.seats != null ? String(pool.seats) : '',
    price: pool ? toDecimalString(pool.unitPriceMinor, pool.currency) : '',
    billingCycle: (pool?.billingCycle as BillingCycle | undefined) ?? '',
    notes: pool?.notes ?? '',
  };
}

/**
 * A license pool (an application's tier): seats purchased or unlimited, the seat price and cycle.
 * Left empty on a new pool, seats, price and cycle come from the application.
 */
export function PoolFormDialog({
  open,
  pool,
  subscriptionId,
  onOpenChange,
}: {
  open: boolean;
  pool: LicensePool | null;
  /** Preselects the application of a new pool (the application page). */
  subscriptionId?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(pool, subscriptionId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apps = useApplicationOptions(open && !pool && !subscriptionId);
  const create = useCreatePool();
  const update = useUpdatePool();
  useEffect(() => {
    if (open) {
      setDraft(draftOf(pool, subscriptionId));
      setErrors({});
    }
  }, [open, pool, subscriptionId]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const currency = pool?.currency ?? apps.data?.find((a) => a.id === draft.subscriptionId)?.currency ?? 'USD';

  const submit = async () => {
    let unitPriceMinor: number | undefined;
    try {
      unitPriceMinor = draft.price.trim() ? toMinor(draft.price, currency) : undefined;
    } catch {
      setErrors({ unitPriceMinor: 'Enter an amount like 12.50' });
      return;
    }
    const body = {
      tierName: draft.tierName.trim() || (pool ? undefined : 'Standard'),
      seats: draft.unlimited ? null : draft.seats.trim() ? Number(draft.seats) : undefined,
      unitPriceMinor,
      billingCycle: draft.billingCycle || undefined,
      notes: draft.notes.trim() || null,
    };
    try {
      if (pool) await update.mutateAsync({ poolId: pool.id, body });
      else await create.mutateAsync({ ...body, subscriptionId: draft.subscriptionId });
      toast({ variant: 'success', title: pool ? 'License pool saved' : 'License pool added' });
      onOpenChange(false);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {pool ? `Edit ${pool.subscriptionName} · ${pool.tierName}` : 'Add a license pool'}
          </DialogTitle>
          <DialogDescription>
            One pool per tier (e.g. “Pro”, “Full seat”). Assigning more people than seats is allowed and
            flagged.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {!pool && !subscriptionId && (
            <FormField label="Application" error={errors.subscriptionId}>
              <OptionsSelect
                value={draft.subscriptionId}
                onChange={(e) => set({ subscriptionId: e.target.value })}
                emptyLabel="Choose an application…"
                options={namedOptions(apps.data ?? [])}
              />
            </FormField>
          )}
          <FormField
            label="Tier"
            error={errors.tierName}
            hint={pool ? undefined : 'Standard when left empty'}
          >
            <Input value={draft.tierName} onChange={(e) => set({ tierName: e.target.value })} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Seats purchased"
              error={errors.seats}
              hint={pool ? undefined : "The application's seats when empty"}
            >
              <Input
                type="number"
                min={0}
                disabled={draft.unlimited}
                value={draft.seats}
                onChange={(e) => set({ seats: e.target.value })}
              />
            </FormField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input
                type="checkbox"
                checked={draft.unlimited}
                onChange={(e) => set({ unlimited: e.target.checked })}
              />
              Unlimited seats
            </label>
            <FormField label={`Price per seat (${currency})`} error={errors.unitPriceMinor}>
              <Input
                inputMode="decimal"
                value={draft.price}
                onChange={(e) => set({ price: e.target.value })}
              />
            </FormField>
            <FormField label="Billed" error={errors.billingCycle}>
              <OptionsSelect
                value={draft.billingCycle}
                onChange={(e) => set({ billingCycle: e.target.value as BillingCycle | '' })}
                emptyLabel={pool ? 'Unchanged' : 'Like the application'}
                options={optionsOf(BILLING_CYCLES, (c) => c)}
              />
            </FormField>
          </div>
          <FormField label="Notes" error={errors.notes}>
            <Textarea value={draft.notes} onChange={(e) => set({ notes: e.target.value })} />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={create.isPending || update.isPending || (!pool && !draft.subscriptionId)}
          >
            {pool ? 'Save' : 'Add pool'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
