import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BUDGET_PERIODS,
  BUDGET_SCOPES,
  createBudgetBody,
  DEFAULT_THRESHOLDS,
  type Budget,
} from '@common/contracts/budgets';
import { minorUnitDigits } from '@common/money';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { namedOptions, optionsOf, OptionsSelect } from '@/components/ui/options-select';
import { toast } from '@/components/ui/use-toast';
import { ApplicationCombobox } from '@/components/application-combobox';
import { useApplicationOptions } from '@/lib/expenses/get-applications';
import { amountInputValue, parseAmountInput } from '@/lib/amount-input';
import { useAllocationOptions } from '@/lib/entities/get-allocation-options';
import { useSettingsData } from '@/lib/settings/settings-data-provider';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useCreateBudget } from '../api/create-budget';
import { useUpdateBudget } from '../api/update-budget';

const PERIOD_LABELS = {
  monthly: 'Monthly',
  quarterly: 'Quarterly (fiscal)',
  annual: 'Annual (fiscal year)',
} as const;
const SCOPE_LABELS = {
  organization: 'Whole organization',
  category: 'A category',
  department: 'A department',
  application: 'An application',
  entity: 'An entity',
  brand: 'A brand',
} as const;

const formSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'At most 120 characters'),
  period: z.enum(BUDGET_PERIODS),
  amount: z.string().trim().min(1, 'Enter the amount'),
  scope: z.enum(BUDGET_SCOPES),
  scopeId: z.string(),
  scopeValue: z.string().trim().max(100),
  thresholds: z
    .string()
    .trim()
    .regex(/^\d+(\s*,\s*\d+)*$/, 'Percentages separated by commas, e.g. 80, 100'),
});
type FormValues = z.infer<typeof formSchema>;

interface Props {
  budget: Budget | null;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create or edit a budget: period, amount, scope and alert thresholds. */
export function BudgetDialog({ budget, currency, open, onOpenChange }: Props) {
  const { categories } = useSettingsData();
  const applications = useApplicationOptions();
  // Entities and brands to scope by (none below Scale: the API answers 403 and the scopes are hidden).
  const allocation = useAllocationOptions();
  const targets = { entity: allocation.data?.entities ?? [], brand: allocation.data?.brands ?? [] };
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema) });
  const money = budget?.currency ?? currency;

  useEffect(() => {
    if (!open) return;
    form.reset({
      name: budget?.name ?? '',
      period: budget?.period ?? 'quarterly',
      amount: budget ? amountInputValue(budget.amountMinor, minorUnitDigits(budget.currency)) : '',
      scope: budget?.scope ?? 'organization',
      scopeId: budget?.scopeId ?? '',
      scopeValue: budget?.scopeValue ?? '',
      thresholds: (budget?.thresholds ?? DEFAULT_THRESHOLDS).join(', '),
    });
  }, [open, budget, form]);

  const scope = form.watch('scope');
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const body = {
      name: values.name,
      period: values.period,
      amountMinor: parseAmountInput(values.amount, money) ?? 0,
      scope: values.scope,
      scopeId: values.scopeId || null,
      scopeValue: values.scopeValue || null,
      thresholds: values.thresholds.split(',').map((t) => Number(t.trim())),
    };
    const checked = createBudgetBody.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) === 'amountMinor' ? 'amount' : String(issue.path[0]);
        form.setError(field as keyof FormValues, { message: issue.message });
      }
      return;
    }
    try {
      if (budget) await update.mutateAsync({ id: budget.id, ...body });
      else await create.mutateAsync(body);
      toast({ variant: 'success', title: budget ? 'Budget saved' : 'Budget created' });
      onOpenChange(false);
    } catch (error) {
      const fields = fieldErrors(error);
      for (const [field, message] of Object.entries(fields)) {
        form.setError((field === 'amountMinor' ? 'amount' : field) as keyof FormValues, { message });
      }
      if (Object.keys(fields).length === 0)
        toast({
          variant: 'destructive',
          title: 'Could not save the budget',
          description: errorMessage(error),
        });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={budget ? 'Edit budget' : 'New budget'}
      description="Matched spend counts against it; renewals still to come make the forecast. An entity or brand counts its share of split costs."
      submitLabel={budget ? 'Save' : 'Create budget'}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      noValidate
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input placeholder="Engineering tools" {...form.register('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Period" error={errors.period?.message}>
          <OptionsSelect
            {...form.register('period')}
            options={optionsOf(BUDGET_PERIODS, (p) => PERIOD_LABELS[p])}
          />
        </FormField>
        <FormField label={`Amount (${money})`} error={errors.amount?.message}>
          <Input inputMode="decimal" placeholder="25000" {...form.register('amount')} />
        </FormField>
      </div>
      <FormField label="Covers" error={errors.scope?.message}>
        <NativeSelect
          {...form.register('scope', {
            // Another kind of scope needs its own target: a category id is no application id.
            onChange: () => {
              form.setValue('scopeId', '');
              form.setValue('scopeValue', '');
            },
          })}
        >
          {BUDGET_SCOPES.filter(
            (s) => (s !== 'entity' && s !== 'brand') || targets[s].length > 0 || budget?.scope === s,
          ).map((s) => (
            <option key={s} value={s}>
              {SCOPE_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {scope === 'category' && (
        <FormField label="Category" error={errors.scopeId?.message}>
          <OptionsSelect
            {...form.register('scopeId')}
            emptyLabel="Choose a category…"
            options={namedOptions(categories)}
          />
        </FormField>
      )}
      {(scope === 'entity' || scope === 'brand') && (
        <FormField label={scope === 'entity' ? 'Entity' : 'Brand'} error={errors.scopeId?.message}>
          <OptionsSelect
            {...form.register('scopeId')}
            emptyLabel={scope === 'entity' ? 'Choose an entity…' : 'Choose a brand…'}
            options={namedOptions(targets[scope])}
          />
        </FormField>
      )}
      {scope === 'department' && (
        <FormField label="Department" error={errors.scopeValue?.message}>
          <Input placeholder="Engineering" {...form.register('scopeValue')} />
        </FormField>
      )}
      {scope === 'application' && (
        <Controller
          control={form.control}
          name="scopeId"
          render={({ field }) => (
            <FormField label="Application" error={errors.scopeId?.message}>
              <ApplicationCombobox
                label="Application"
                options={applications.data ?? []}
                value={field.value || null}
                onChange={field.onChange}
              />
            </FormField>
          )}
        />
      )}
      <FormField
        label="Alert at (% of the budget)"
        hint="One notification per threshold and period, for spend and for the forecast"
        error={errors.thresholds?.message}
      >
        <Input {...form.register('thresholds')} />
      </FormField>
    </FormDialog>
  );
}
