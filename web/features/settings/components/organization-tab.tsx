import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { currencyCode, fiscalYearStartMonth, organizationName } from '@common/contracts/organizations';
import { can, deniedReason } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useOrganization } from '@/lib/organizations/get-organization';
import { useUpdateOrganization } from '@/lib/organizations/update-organization';
import { errorMessage } from '@/lib/api-client';
import { CURRENCY_OPTIONS, MONTHS } from '@/lib/currencies';

const organizationSchema = z.object({ name: organizationName, currency: currencyCode, fiscalYearStartMonth });
type OrganizationValues = z.infer<typeof organizationSchema>;

/** Name, currency and fiscal-year start of the current organization (owners and admins edit). */
export function OrganizationTab() {
  const { data: organization, isPending, isError, error } = useOrganization();
  const update = useUpdateOrganization();
  const form = useForm<OrganizationValues>({
    resolver: zodResolver(organizationSchema),
    values: organization
      ? {
          name: organization.name,
          currency: organization.currency as OrganizationValues['currency'],
          fiscalYearStartMonth: organization.fiscalYearStartMonth,
        }
      : undefined,
  });
  const { errors, isDirty } = form.formState;

  if (isPending) return <Spinner />;
  if (isError)
    return (
      <p className="text-sm text-muted-foreground">
        The organization could not be loaded: {errorMessage(error)}
      </p>
    );

  const allowed = can(organization.role, 'organization.update');
  const reason = deniedReason(organization.role, 'organization.update');
  const currencies = CURRENCY_OPTIONS.some((c) => c.code === organization.currency)
    ? CURRENCY_OPTIONS
    : [{ code: organization.currency, name: organization.currency }, ...CURRENCY_OPTIONS];

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ variant: 'success', title: 'Organization updated' }),
      onError: (err) => toastError('Could not update organization', err),
    }),
  );

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>Workspace</CardTitle>
          <CardDescription>
            {allowed
              ? 'These settings apply to everyone in the workspace.'
              : `${reason} Only owners and admins can change these settings.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset disabled={!allowed} className="grid gap-4 sm:max-w-md">
            <FormInput form={form} name="name" label="Organization name" autoComplete="organization" />
            <FormField
              label="Currency"
              error={errors.currency?.message}
              hint="Money across Stackwise is shown in this currency."
            >
              <NativeSelect {...form.register('currency')}>
                {currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} — {c.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              label="Fiscal year starts in"
              error={errors.fiscalYearStartMonth?.message}
              hint="Budgets and yearly reports follow your fiscal year."
            >
              <NativeSelect {...form.register('fiscalYearStartMonth', { valueAsNumber: true })}>
                {MONTHS.map((month, index) => (
                  <option key={month} value={index + 1}>
                    {month}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </fieldset>
        </CardContent>
        {allowed && (
          <CardFooter className="justify-end">
            <Button type="submit" disabled={!isDirty || update.isPending}>
              Save changes
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}
