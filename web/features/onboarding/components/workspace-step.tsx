import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  COMPANY_SIZES,
  currencyCode,
  fiscalYearStartMonth,
  organizationName,
} from '@common/contracts/organizations';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { NativeSelect } from '@/components/ui/input';
import { toastError } from '@/components/ui/toast-error';
import { cn } from '@/lib/cn';
import { CURRENCY_OPTIONS, MONTHS } from '@/lib/currencies';
import { useSubmitOnboardingStep } from '../api/submit-onboarding-step';

const workspaceStep = z.object({
  organizationName,
  currency: currencyCode,
  fiscalYearStartMonth,
  companySize: z.enum(COMPANY_SIZES, { message: 'Choose your company size' }),
});
type WorkspaceStepValues = z.infer<typeof workspaceStep>;

export function WorkspaceStep() {
  const submitStep = useSubmitOnboardingStep();
  const form = useForm<WorkspaceStepValues>({
    resolver: zodResolver(workspaceStep),
    defaultValues: { organizationName: '', currency: 'USD', fiscalYearStartMonth: 1 },
  });
  const { errors } = form.formState;
  const size = form.watch('companySize');
  const submit = form.handleSubmit((values) =>
    submitStep.mutate(
      { step: 'workspace', ...values },
      {
        onError: (error) => toastError('Could not create your workspace', error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Create your workspace</h1>
        <p className="text-sm text-muted-foreground">
          Your workspace holds your company’s applications, spend and team.
        </p>
      </div>
      <FormInput
        form={form}
        name="organizationName"
        label="Company name"
        autoComplete="organization"
        placeholder="Acme Inc."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Currency" error={errors.currency?.message}>
          <NativeSelect {...form.register('currency')}>
            {CURRENCY_OPTIONS.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} — {c.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Fiscal year starts in" error={errors.fiscalYearStartMonth?.message}>
          <NativeSelect {...form.register('fiscalYearStartMonth', { valueAsNumber: true })}>
            {MONTHS.map((month, index) => (
              <option key={month} value={index + 1}>
                {month}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Company size</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {COMPANY_SIZES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center rounded-md border text-sm font-medium transition-colors hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                size === value && 'border-primary bg-primary/10 text-foreground',
              )}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('companySize')} />
              {value}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">Employees, including contractors.</p>
        {errors.companySize && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {errors.companySize.message}
          </p>
        )}
      </fieldset>
      <Button
        type="submit"
        size="lg"
        disabled={submitStep.isPending}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        Create workspace
      </Button>
    </form>
  );
}
