import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updateVendorBody, type VendorDetail } from '@common/contracts/vendors';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { fieldErrors } from '@/lib/api-client';
import { useUpdateVendor } from '../api/update-vendor';
import { VENDOR_EDITING_TOOLTIP } from './use-vendor-editing';

const FIELDS = [
  'name',
  'website',
  'domain',
  'accountManagerName',
  'accountManagerEmail',
  'accountManagerPhone',
  'supportEmail',
  'supportUrl',
  'notes',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const formSchema = z
  .object(Object.fromEntries(FIELDS.map((f) => [f, z.string()])) as Record<Field, z.ZodString>)
  .superRefine((v, ctx) => {
    const result = updateVendorBody.safeParse(v);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

const LABELS: Record<Field, string> = {
  name: 'Name',
  website: 'Website',
  domain: 'Domain',
  accountManagerName: 'Account manager',
  accountManagerEmail: 'Account manager email',
  accountManagerPhone: 'Account manager phone',
  supportEmail: 'Support email',
  supportUrl: 'Support URL',
  notes: 'Notes',
};

/** The vendor's details; read-only with a tooltip on plans without vendor editing. */
export function VendorForm({ vendor, canEdit }: { vendor: VendorDetail; canEdit: boolean }) {
  const defaults = Object.fromEntries(FIELDS.map((f) => [f, vendor[f] ?? ''])) as Values;
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: defaults });
  const update = useUpdateVendor();
  const { errors, isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ id: vendor.id, body: values });
      form.reset(Object.fromEntries(FIELDS.map((f) => [f, saved[f] ?? ''])) as Values);
      toast({ variant: 'success', title: 'Vendor saved' });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        const known = FIELDS.find((f) => f === field);
        if (known) form.setError(known, { message });
      }
      toastError('Error', error);
    }
  });

  const save = (
    <Button type="submit" disabled={!canEdit || !isDirty || isSubmitting}>
      Save vendor
    </Button>
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <fieldset disabled={!canEdit} className="contents">
        {FIELDS.map((field) => (
          <FormField
            key={field}
            label={LABELS[field]}
            error={errors[field]?.message}
            className={field === 'notes' ? 'sm:col-span-2' : undefined}
          >
            {field === 'notes' ? (
              <Textarea rows={3} {...form.register(field)} />
            ) : (
              <Input {...form.register(field)} />
            )}
          </FormField>
        ))}
      </fieldset>
      <div className="flex justify-end sm:col-span-2">
        {canEdit ? (
          save
        ) : (
          <Tooltip>
            <TooltipTrigger asChild>
              <span tabIndex={0}>{save}</span>
            </TooltipTrigger>
            <TooltipContent>{VENDOR_EDITING_TOOLTIP}</TooltipContent>
          </Tooltip>
        )}
      </div>
    </form>
  );
}
