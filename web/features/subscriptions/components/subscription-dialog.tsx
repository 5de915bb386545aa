import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { catalogListPrice, listPriceCycle } from '@common/catalog/list-price';
import type { CatalogAppEntry } from '@common/contracts/catalog';
import { SUBSCRIPTION_STATUSES, type Subscription } from '@common/contracts/subscriptions';
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
import { FormInput } from '@/components/ui/form-input';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useOrganization } from '@/lib/organizations/get-organization';
import { useSettingsList } from '@/lib/settings/get-settings-list';
import { useMembers } from '@/lib/team/get-members';
import { ApiError, fieldErrors } from '@/lib/api-client';
import { useCreateSubscription } from '../api/create-subscription';
import { useUpdateSubscription } from '../api/update-subscription';
import { CatalogSearch } from './catalog-search';
import { FinanceFields } from './finance-fields';
import { CostFields } from './cost-fields';
import { STATUS_LABELS } from './labels';
import {
  emptyForm,
  formField,
  formFromSubscription,
  subscriptionFormSchema,
  toBody,
  type SubscriptionFormValues,
} from './subscription-form';
import { useCatalogPrice } from './use-catalog-price';
import { displayName } from '@common/display-name';

function Section({ title }: { title: string }) {
  return <h3 className="border-b pb-1 text-sm font-semibold sm:col-span-2">{title}</h3>;
}

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
  const catalogPrice = useCatalogPrice(form);
  const { release } = catalogPrice;

  useEffect(() => {
    if (open) {
      form.reset(defaults);
      release();
    }
  }, [open, defaults, form, release]);

  const pick = (app: CatalogAppEntry) => {
    const price = catalogListPrice(app.prices, currency);
    const category = (categories.data ?? []).find((c) => c.name.toLowerCase() === app.category.toLowerCase());
    const set = (field: keyof SubscriptionFormValues, value: string) =>
      form.setValue(field, value, { shouldDirty: true });
    set('catalogSlug', app.slug);
    set('name', app.name);
    set('vendorName', app.vendor);
    if (category) set('categoryId', category.id);
    if (app.domain) set('url', `https://${app.domain}`);
    if (price) {
      form.setValue('billingCycle', listPriceCycle(price));
      form.setValue('pricingModel', price.unit === 'user' ? 'per-seat' : 'flat');
      set('currency', price.currency);
      if (price.unit === 'user' && !form.getValues('seats')) set('seats', '1');
      catalogPrice.follow(price);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const body = toBody(values);
      // An edit sends the renewal date only when it was changed: left alone, the server recounts it
      // when the start date or cycle changes.
      if (subscription && !form.formState.dirtyFields.nextRenewalDate) delete body.nextRenewalDate;
      if (subscription) await update.mutateAsync({ id: subscription.id, body });
      else await create.mutateAsync(body);
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
      toastError('Error', error);
    }
  });

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
            <Section title="Application" />
            <FormInput form={form} name="name" label="Name" />
            <FormInput form={form} name="vendorName" label="Vendor" />
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
            {form.watch('status') === 'cancelled' && (
              <FormField
                label="Cancelled on"
                hint="Charges dated after this day are flagged. Blank: today."
                error={errors.cancelledOn?.message}
              >
                <Input type="date" {...form.register('cancelledOn')} />
              </FormField>
            )}
            <FormField label="Owner" error={errors.ownerUserId?.message}>
              <NativeSelect {...form.register('ownerUserId')}>
                <option value="">Unassigned</option>
                {(members.data ?? []).map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {displayName(m)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormInput form={form} name="url" label="Website" type="url" placeholder="https://" />
            <Section title="Cost and renewal" />
            <CostFields form={form} onOwnPrice={release} />
            <Section title="Finance" />
            <FinanceFields form={form} open={open} />
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
