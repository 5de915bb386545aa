import type { UseFormReturn } from 'react-hook-form';
import { BILLING_CYCLES, costPerCycleMinor, PRICING_MODELS } from '@common/billing';
import { CURRENCY_CODES, formatMoney } from '@common/money';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { Input, NativeSelect } from '@/components/ui/input';
import { CYCLE_LABELS, PRICING_LABELS } from './labels';
import { toBody, type SubscriptionFormValues } from './subscription-form';

const PER_CYCLE: Record<SubscriptionFormValues['billingCycle'], string> = {
  weekly: 'a week',
  monthly: 'a month',
  quarterly: 'a quarter',
  'semi-annual': 'every six months',
  annual: 'a year',
  'multi-year': 'per term',
};

/** "40 seats × $144.00 = $5,760.00 a year", or nothing while the inputs cannot be read. */
function perSeatTotal(values: SubscriptionFormValues): string | null {
  const body = toBody(values);
  const { seats, unitPriceMinor, currency } = body;
  if (typeof seats !== 'number' || typeof unitPriceMinor !== 'number' || !currency) return null;
  try {
    const total = costPerCycleMinor({ pricingModel: 'per-seat', seats, unitPriceMinor });
    const label = seats === 1 ? 'seat' : 'seats';
    return `${seats} ${label} × ${formatMoney(unitPriceMinor, currency)} = ${formatMoney(total, currency)} ${PER_CYCLE[values.billingCycle]}`;
  } catch {
    return null;
  }
}

/**
 * Pricing model, cycle, price (per seat with its total, or per cycle), currency and the renewal
 * terms. `onOwnPrice` is called when the user types a price (it stops following the catalogue).
 */
export function CostFields({
  form,
  onOwnPrice,
}: {
  form: UseFormReturn<SubscriptionFormValues>;
  onOwnPrice: () => void;
}) {
  const { errors } = form.formState;
  const values = form.watch();
  const total = values.pricingModel === 'per-seat' ? perSeatTotal(values) : null;
  return (
    <>
      <FormField label="Pricing" error={errors.pricingModel?.message}>
        <NativeSelect {...form.register('pricingModel')}>
          {PRICING_MODELS.map((p) => (
            <option key={p} value={p}>
              {PRICING_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Billing cycle" error={errors.billingCycle?.message}>
        <NativeSelect {...form.register('billingCycle')}>
          {BILLING_CYCLES.map((c) => (
            <option key={c} value={c}>
              {CYCLE_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {values.billingCycle === 'multi-year' && (
        <FormInput form={form} name="intervalMonths" label="Term (months)" inputMode="numeric" />
      )}
      {values.pricingModel === 'per-seat' ? (
        <>
          <FormField
            label="Price per seat"
            hint="For one seat, per billing cycle."
            error={errors.unitPrice?.message}
          >
            <Input inputMode="decimal" {...form.register('unitPrice', { onChange: onOwnPrice })} />
          </FormField>
          <FormInput form={form} name="seats" label="Seats" inputMode="numeric" />
          {total && (
            <p className="text-sm font-medium sm:col-span-2" aria-live="polite">
              {total}
            </p>
          )}
        </>
      ) : (
        <FormField
          label={values.pricingModel === 'usage' ? 'Estimated cost per cycle' : 'Cost per cycle'}
          error={errors.amount?.message}
        >
          <Input
            inputMode="decimal"
            placeholder="0.00"
            {...form.register('amount', { onChange: onOwnPrice })}
          />
        </FormField>
      )}
      <FormField label="Currency" error={errors.currency?.message}>
        <NativeSelect {...form.register('currency', { onChange: onOwnPrice })}>
          {CURRENCY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Next renewal"
        hint="Left empty, it is counted from the start date by the cycle, or one cycle from today."
        error={errors.nextRenewalDate?.message}
      >
        <Input type="date" {...form.register('nextRenewalDate')} />
      </FormField>
      <FormInput form={form} name="noticePeriodDays" label="Notice period (days)" inputMode="numeric" />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" {...form.register('autoRenew')} /> Renews automatically
      </label>
    </>
  );
}
