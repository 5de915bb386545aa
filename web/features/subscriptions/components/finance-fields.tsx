import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { Input, NativeSelect } from '@/components/ui/input';
import { useSettingsList } from '@/lib/settings/get-settings-list';
import { formatDate } from '@/lib/format';
import { currentTermEnd } from '@common/contract-terms';
import { todayInTimeZone } from '@common/dates';
import { cn } from '@/lib/cn';
import type { SubscriptionFormValues } from './subscription-form';

/** Who pays and how: department or cost centre, payment method, tags, start date and contract term. */
export function FinanceFields({
  form,
  open,
}: {
  form: UseFormReturn<SubscriptionFormValues>;
  open: boolean;
}) {
  const { errors } = form.formState;
  const paymentMethods = useSettingsList('paymentMethods', { enabled: open });
  const tags = useSettingsList('tags', { enabled: open });
  const [selected, startDate, term, autoRenew] = form.watch([
    'tagIds',
    'startDate',
    'contractTermMonths',
    'autoRenew',
  ]);
  const months = Number(term);
  const termEnds =
    startDate && Number.isInteger(months) && months >= 1 && months <= 120
      ? currentTermEnd({ startDate, months, today: todayInTimeZone(new Date()), autoRenew })
      : null;
  const toggle = (id: string) =>
    form.setValue('tagIds', selected.includes(id) ? selected.filter((t) => t !== id) : [...selected, id], {
      shouldDirty: true,
    });

  return (
    <>
      <FormInput
        form={form}
        name="department"
        label="Department / cost centre"
        placeholder="e.g. Marketing or CC-4100"
      />
      <FormField label="Payment method" error={errors.paymentMethodId?.message}>
        <NativeSelect {...form.register('paymentMethodId')}>
          <option value="">Not set</option>
          {(paymentMethods.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormInput form={form} name="startDate" label="Start date" type="date" />
      <FormField
        label="Contract term (months)"
        hint={
          termEnds
            ? `This term runs until ${formatDate(termEnds)}.`
            : 'The commitment, e.g. 12 when billed monthly on a yearly contract.'
        }
        error={errors.contractTermMonths?.message}
      >
        <Input inputMode="numeric" placeholder="e.g. 12" {...form.register('contractTermMonths')} />
      </FormField>
      <fieldset className="grid gap-1.5 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium">Tags</legend>
        {(tags.data ?? []).length === 0 ? (
          <p className="text-xs text-muted-foreground">
            No tags yet: add them in{' '}
            <Link className="text-primary hover:underline" to="/app/settings/tags">
              Settings → Tags
            </Link>
            .
          </p>
        ) : (
          <div className="flex flex-wrap gap-1.5">
            {(tags.data ?? []).map((tag) => {
              const on = selected.includes(tag.id);
              return (
                <button
                  key={tag.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(tag.id)}
                  className={cn(
                    'rounded-full border px-3 py-1 text-xs font-medium transition-colors',
                    on
                      ? 'border-primary bg-primary/10 text-foreground'
                      : 'text-muted-foreground hover:border-primary/50 hover:text-foreground',
                  )}
                >
                  {tag.name}
                </button>
              );
            })}
          </div>
        )}
        {errors.tagIds?.message && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {errors.tagIds.message}
          </p>
        )}
      </fieldset>
    </>
  );
}
