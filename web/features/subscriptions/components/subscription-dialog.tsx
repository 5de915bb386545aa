import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { BILLING_CYCLES, PRICING_MODELS } from '@common/billing';
import type { CatalogAppEntry } from '@common/contracts/catalog';
import { SUBSCRIPTION_STATUSES, type Subscription } from '@common/contracts/subscriptions';
import { CURRENCY_CODES, toDecimalString } from '@common/money';
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
import { useOrganization } from '@/features/organizations/api/get-organization';
import { useSettingsList } from '@/features/settings/api/get-settings-list';
import { useMembers } from '@/features/team/api/get-members';
import { ApiError, errorMessage, fieldErrors } from '@/lib/api-client';
import { useCreateSubscription, useUpdateSubscription } from '../api/save-subscription';
import { CatalogSearch } from './catalog-search';
import { CYCLE_LABELS, PRICING_LABELS, STATUS_LABELS } from './labels';
import {
  emptyForm,
  formField,
  formFromSubscription,
  subscriptionFormSchema,
  toBody,
  type SubscriptionFormValues,
} from './subscription-form';

interface SubscriptionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this application; add a new one when absent. */
  subscription?: Subscription;
}

/** Add or edit an application; adding starts from the catalogue, which pre-fills the form. */
export function SubscriptionDialog({ open, onOpenChange, subscription }: SubscriptionDialogProps) {
  const mode = subscription ? 'edit' : 'create';
  const organization = useOrganization();
  const currency = organization.data?.currency ?? 'USD';
  const defaults = useMemo(
    () => (subscription ? formFromSubscription(subscription) : emptyForm(currency)),
    [subscription, currency],
  );
  const schema = useMemo(() => subscriptionFormSchema(mode), [mode]);
  const form = useForm<SubscriptionFormValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const categories = useSettingsList('categories', { enabled: open });
  const members = useMembers();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();

  useEffect(() => {
    if (open) form.reset(defaults);
  }, [open, defaults, form]);

  const pick = (app: CatalogAppEntry) => {
    const price = app.prices.find((p) => p.currency === currency) ?? app.prices[0];
    const category = (categories.data ?? []).find((c) => c.name.toLowerCase() === app.category.toLowerCase());
    const set = (field: keyof SubscriptionFormValues, value: string) =>
      form.setValue(field, value, { shouldDirty: true });
    set('catalogSlug', app.slug);
    set('name', app.name);
    set('vendorName', app.vendor);
    if (category) set('categoryId', category.id);
    if (app.domain) set('url', `https://${app.domain}`);
    if (price) {
      form.setValue('billingCycle', price.period === 'year' ? 'annual' : 'monthly');
      set('currency', price.currency);
      const amount = toDecimalString(price.amountMinor, price.currency);
      if (price.unit === 'user') {
        form.setValue('pricingModel', 'per-seat');
        set('unitPrice', amount);
        if (!form.getValues('seats')) set('seats', '1');
      } else {
        form.setValue('pricingModel', 'flat');
        set('amount', amount);
      }
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (subscription) await update.mutateAsync({ id: subscription.id, body: toBody(values) });
      else await create.mutateAsync(toBody(values));
      toast({ variant: 'success', title: subscription ? 'Application updated' : `${values.name} added` });
      onOpenChange(false);
    } catch (error) {
      // Billing's provider opens the upgrade dialog for any plan_limit answer; just step aside.
      if (error instanceof ApiError && error.data?.code === 'plan_limit') {
        onOpenChange(false);
        return;
      }
      for (const [field, message] of Object.entries(fieldErrors(error)))
        form.setError(formField(field), { message });
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  });

  const pricingModel = form.watch('pricingModel');
  const cycle = form.watch('billingCycle');
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{subscription ? `Edit ${subscription.name}` : 'Add application'}</DialogTitle>
            <DialogDescription>
              {subscription
                ? 'Changes to price, seats or cycle are kept in the price history.'
                : 'Pick it from the catalogue to pre-fill the details, or type your own.'}
            </DialogDescription>
          </DialogHeader>
          {!subscription && <CatalogSearch onPick={pick} autoFocus />}
          <form id="subscription-form" noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
            <FormField label="Name" error={errors.name?.message}>
              <Input {...form.register('name')} />
            </FormField>
            <FormField label="Vendor" error={errors.vendorName?.message}>
              <Input {...form.register('vendorName')} />
            </FormField>
            <FormField label="Category" error={errors.categoryId?.message}>
              <NativeSelect {...form.register('categoryId')}>
                <option value="">None</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Status" error={errors.status?.message}>
              <NativeSelect {...form.register('status')}>
                {SUBSCRIPTION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
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
            {cycle === 'multi-year' && (
              <FormField label="Term (months)" error={errors.intervalMonths?.message}>
                <Input inputMode="numeric" {...form.register('intervalMonths')} />
              </FormField>
            )}
            {pricingModel === 'per-seat' ? (
              <>
                <FormField label="Price per seat" error={errors.unitPrice?.message}>
                  <Input inputMode="decimal" {...form.register('unitPrice')} />
                </FormField>
                <FormField label="Seats" error={errors.seats?.message}>
                  <Input inputMode="numeric" {...form.register('seats')} />
                </FormField>
              </>
            ) : (
              <FormField
                label={pricingModel === 'usage' ? 'Estimated cost per cycle' : 'Cost per cycle'}
                error={errors.amount?.message}
              >
                <Input inputMode="decimal" placeholder="0.00" {...form.register('amount')} />
              </FormField>
            )}
            <FormField label="Currency" error={errors.currency?.message}>
              <NativeSelect {...form.register('currency')}>
                {CURRENCY_CODES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              label="Next renewal"
              hint="Left empty, it is computed from the cycle."
              error={errors.nextRenewalDate?.message}
            >
              <Input type="date" {...form.register('nextRenewalDate')} />
            </FormField>
            <FormField label="Notice period (days)" error={errors.noticePeriodDays?.message}>
              <Input inputMode="numeric" {...form.register('noticePeriodDays')} />
            </FormField>
            <FormField label="Owner" error={errors.ownerUserId?.message}>
              <NativeSelect {...form.register('ownerUserId')}>
                <option value="">Unassigned</option>
                {(members.data ?? []).map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {`${m.firstName ?? ''} ${m.lastName ?? ''}`.trim() || m.email}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Website" error={errors.url?.message}>
              <Input type="url" placeholder="https://" {...form.register('url')} />
            </FormField>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" {...form.register('autoRenew')} /> Renews automatically
            </label>
            <FormField label="Notes" className="sm:col-span-2" error={errors.notes?.message}>
              <Textarea rows={3} {...form.register('notes')} />
            </FormField>
          </form>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" form="subscription-form" disabled={isSubmitting}>
              {subscription ? 'Save changes' : 'Add application'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
