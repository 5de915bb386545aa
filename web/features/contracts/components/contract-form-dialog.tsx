import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CONTRACT_STATUSES, type Contract } from '@common/contracts/contracts';
import { todayInTimeZone } from '@common/dates';
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
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateContract } from '../api/create-contract';
import { useUpdateContract } from '../api/update-contract';
import { contractFormSchema, formValuesOf, toContractInput, type ContractFormValues } from './contract-form';

interface ContractFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subscriptionId: string;
  currency: string;
  /** The contract to edit; null adds a new one. */
  contract: Contract | null;
}

/** Adds or edits a contract: term, renewal, notice, price cap, value and payment terms. */
export function ContractFormDialog({
  open,
  onOpenChange,
  subscriptionId,
  currency,
  contract,
}: ContractFormDialogProps) {
  const create = useCreateContract(subscriptionId);
  const update = useUpdateContract();
  const form = useForm<ContractFormValues>({
    resolver: zodResolver(contractFormSchema(currency)),
    defaultValues: formValuesOf(contract, todayInTimeZone(new Date())),
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    const input = toContractInput(values, currency);
    const done = {
      onSuccess: () => {
        toast({ variant: 'success', title: contract ? 'Contract updated' : 'Contract added' });
        onOpenChange(false);
      },
      onError: (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Could not save the contract',
          description: errorMessage(error),
        }),
    };
    if (contract) update.mutate({ id: contract.id, ...input }, done);
    else create.mutate(input, done);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{contract ? 'Edit contract' : 'Add a contract'}</DialogTitle>
          <DialogDescription>
            The application's renewal date, auto-renew and notice period follow its running contract.
          </DialogDescription>
        </DialogHeader>
        <form id="contract-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField label="Title" error={errors.title?.message} className="sm:col-span-2">
            <Input placeholder="Order form 2026" {...form.register('title')} />
          </FormField>
          <FormField label="Start date" error={errors.startDate?.message}>
            <Input type="date" {...form.register('startDate')} />
          </FormField>
          <FormField label="End date" error={errors.endDate?.message}>
            <Input type="date" {...form.register('endDate')} />
          </FormField>
          <FormField
            label="Renewal term (months)"
            error={errors.renewalTermMonths?.message}
            hint="Blank: as long as this term."
          >
            <Input inputMode="numeric" {...form.register('renewalTermMonths')} />
          </FormField>
          <FormField label="Notice period (days)" error={errors.noticePeriodDays?.message}>
            <Input type="number" min={0} {...form.register('noticePeriodDays', { valueAsNumber: true })} />
          </FormField>
          <FormField label={`Total contract value (${currency})`} error={errors.totalValue?.message}>
            <Input inputMode="decimal" placeholder="12000.00" {...form.register('totalValue')} />
          </FormField>
          <FormField label="Price-increase cap (%)" error={errors.priceIncreaseCapPct?.message}>
            <Input inputMode="decimal" placeholder="5" {...form.register('priceIncreaseCapPct')} />
          </FormField>
          <FormField label="Payment terms" error={errors.paymentTerms?.message}>
            <Input placeholder="Net 30, annual upfront" {...form.register('paymentTerms')} />
          </FormField>
          <FormField label="Status" error={errors.status?.message}>
            <NativeSelect {...form.register('status')}>
              {CONTRACT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0].toUpperCase() + s.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('autoRenew')} />
            Renews automatically unless cancelled in time
          </label>
          <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea {...form.register('notes')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="contract-form" disabled={pending}>
            {contract ? 'Save contract' : 'Add contract'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
