import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { todayInTimeZone } from '@common/dates';
import { createExpenseBody, type Expense } from '@common/contracts/expenses';
import { currencyCode } from '@common/contracts/organizations';
import { minorUnitDigits } from '@common/money';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { namedOptions, OptionsSelect } from '@/components/ui/options-select';
import { toast } from '@/components/ui/use-toast';
import { useOrganization } from '@/lib/organizations/get-organization';
import { useSettingsData } from '@/lib/settings/settings-data-provider';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { CURRENCY_OPTIONS } from '@/lib/currencies';
import { useApplicationOptions } from '@/lib/expenses/get-applications';
import { useAttachDocument } from '../api/attach-document';
import { useCreateExpense } from '../api/create-expense';
import { useUpdateExpense } from '../api/update-expense';
import { ApplicationCombobox } from '@/components/application-combobox';
import { amountInputValue, parseAmountInput } from '@/lib/amount-input';

const AUTO = '';
const formSchema = z
  .object({
    date: z.iso.date({ error: 'Enter the date of the charge' }),
    amount: z.string().trim().min(1, 'Enter the amount'),
    currency: currencyCode,
    merchant: z.string().trim().min(1, 'Merchant is required').max(300, 'At most 300 characters'),
    subscriptionId: z.string(),
    paymentMethodId: z.string(),
    categoryId: z.string(),
    invoiceNumber: z.string().trim().max(100, 'At most 100 characters'),
    notes: z.string().trim().max(5000, 'At most 5000 characters'),
  })
  .refine((v) => parseAmountInput(v.amount, v.currency) !== null, {
    message: 'Enter an amount such as 49.99',
    path: ['amount'],
  });
type FormValues = z.infer<typeof formSchema>;
/** The form field showing a body field's error: amountMinor is typed into Amount. */
const formField = (field: string) => (field === 'amountMinor' ? 'amount' : field) as keyof FormValues;

interface Props {
  /** null: a new expense. */
  expense: Expense | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entity & brand editor of a saved expense; the app passes entities' AllocationEditor. */
  allocationEditor?: (expenseId: string) => ReactNode;
}

/** Add or edit an expense; matching is automatic unless an application is chosen. */
export function ExpenseDialog({ expense, open, onOpenChange, allocationEditor }: Props) {
  const organization = useOrganization();
  const applications = useApplicationOptions();
  const { paymentMethods, categories } = useSettingsData();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const attach = useAttachDocument();
  const currency = organization.data?.currency ?? 'USD';
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema) });

  useEffect(() => {
    if (!open) return;
    form.reset({
      date: expense?.date ?? todayInTimeZone(new Date()),
      amount: expense ? amountInputValue(expense.amountMinor, minorUnitDigits(expense.currency)) : '',
      currency: (expense?.currency ?? currency) as FormValues['currency'],
      merchant: expense?.merchant ?? '',
      subscriptionId: expense?.matchMethod === 'manual' ? (expense.subscriptionId ?? AUTO) : AUTO,
      paymentMethodId: expense?.paymentMethodId ?? '',
      categoryId: expense?.categoryId ?? '',
      invoiceNumber: expense?.invoiceNumber ?? '',
      notes: expense?.notes ?? '',
    });
  }, [open, expense, currency, form]);

  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit(async (values) => {
    const body = {
      date: values.date,
      amountMinor: parseAmountInput(values.amount, values.currency) ?? 0,
      currency: values.currency,
      merchant: values.merchant,
      subscriptionId: values.subscriptionId || (expense?.matchMethod === 'manual' ? null : undefined),
      paymentMethodId: values.paymentMethodId || null,
      categoryId: values.categoryId || null,
      invoiceNumber: values.invoiceNumber || null,
      notes: values.notes || null,
    };
    const checked = createExpenseBody.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        form.setError(formField(String(issue.path[0])), { message: issue.message });
      return;
    }
    try {
      if (expense) await update.mutateAsync({ id: expense.id, ...body });
      else await create.mutateAsync(body);
      toast({ variant: 'success', title: expense ? 'Expense saved' : 'Expense added' });
      onOpenChange(false);
    } catch (error) {
      const fields = fieldErrors(error);
      for (const [field, message] of Object.entries(fields)) form.setError(formField(field), { message });
      if (Object.keys(fields).length === 0)
        toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(error) });
    }
  });

  const onFile = (file: File | undefined) => {
    if (!file || !expense) return;
    attach.mutate(
      { id: expense.id, file },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Document attached' }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Could not attach', description: errorMessage(e) }),
      },
    );
  };

  return (
    <FormDialog
      className="max-w-xl"
      open={open}
      onOpenChange={onOpenChange}
      title={expense ? 'Edit expense' : 'Add expense'}
      description={expense ? expense.merchant : 'A charge or invoice paid outside an imported statement.'}
      submitLabel={pending ? 'Saving…' : expense ? 'Save' : 'Add expense'}
      pending={pending}
      onSubmit={submit}
      noValidate
      after={
        // Outside the form: its own Save, and Enter in a percentage must not save the expense.
        expense &&
        allocationEditor && (
          <section className="grid gap-2 border-t pt-4" aria-label="Entity & brand">
            <h3 className="text-sm font-medium">Entity &amp; brand</h3>
            {allocationEditor(expense.id)}
          </section>
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Date" error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </FormField>
        <FormField label="Amount" error={errors.amount?.message}>
          <Input inputMode="decimal" placeholder="49.99" {...form.register('amount')} />
        </FormField>
        <FormField label="Currency" error={errors.currency?.message}>
          <OptionsSelect
            {...form.register('currency')}
            options={CURRENCY_OPTIONS.map((c) => ({ value: c.code, label: c.code }))}
          />
        </FormField>
      </div>
      <FormField
        label="Merchant"
        hint="As the statement or invoice shows it"
        error={errors.merchant?.message}
      >
        <Input placeholder="ZOOM.US 888-799-9666 CA" {...form.register('merchant')} />
      </FormField>
      <Controller
        control={form.control}
        name="subscriptionId"
        render={({ field }) => (
          <div className="grid gap-1.5">
            <span className="text-sm font-medium">Application</span>
            <div className="flex gap-2">
              <ApplicationCombobox
                label="Application"
                placeholder="Match automatically"
                options={applications.data ?? []}
                value={field.value || null}
                onChange={field.onChange}
              />
              {field.value && (
                <Button type="button" variant="ghost" onClick={() => field.onChange(AUTO)}>
                  Automatic
                </Button>
              )}
            </div>
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Payment method" error={errors.paymentMethodId?.message}>
          <OptionsSelect
            {...form.register('paymentMethodId')}
            emptyLabel="None"
            options={namedOptions(paymentMethods)}
          />
        </FormField>
        <FormField label="Category" hint="Else the application's" error={errors.categoryId?.message}>
          <OptionsSelect
            {...form.register('categoryId')}
            emptyLabel="From the application"
            options={namedOptions(categories)}
          />
        </FormField>
      </div>
      <FormField label="Invoice number" error={errors.invoiceNumber?.message}>
        <Input {...form.register('invoiceNumber')} />
      </FormField>
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea className="min-h-16" {...form.register('notes')} />
      </FormField>
      {expense && (
        <FormField
          label="Invoice or receipt"
          hint={expense.document ? `Attached: ${expense.document.name}` : 'PDF or image, up to 20 MB'}
        >
          <Input
            type="file"
            accept="application/pdf,image/*"
            disabled={attach.isPending}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
        </FormField>
      )}
    </FormDialog>
  );
}
