import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '@common/contracts/auth';
import type { Person } from '@common/contracts/people';
import { calendarDate } from '@common/contracts/wire';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormInput } from '@/components/ui/form-input';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { fieldErrors } from '@/lib/api-client';
import { useCreatePerson } from '../api/create-person';
import { useUpdatePerson } from '../api/update-person';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalDate = z.union([z.literal(''), calendarDate], { error: 'Use a date' });
const formSchema = z
  .object({
    email: emailSchema,
    firstName: text(100),
    lastName: text(100),
    department: text(100),
    team: text(100),
    title: text(150),
    startDate: optionalDate,
    endDate: optionalDate,
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: 'End date must be on or after the start date',
    path: ['endDate'],
  });
type FormValues = z.infer<typeof formSchema>;
const FIELDS = [
  'email',
  'firstName',
  'lastName',
  'department',
  'team',
  'title',
  'startDate',
  'endDate',
] as const;

function valuesOf(person: Person | null): FormValues {
  return {
    email: person?.email ?? '',
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    department: person?.department ?? '',
    team: person?.team ?? '',
    title: person?.title ?? '',
    startDate: person?.startDate ?? '',
    endDate: person?.endDate ?? '',
  };
}

/** Add a person, or edit one (`person` set). Empty optional fields are cleared. */
export function PersonFormDialog({
  open,
  person,
  onOpenChange,
}: {
  open: boolean;
  person: Person | null;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(person) });
  const { isSubmitting } = form.formState;
  const create = useCreatePerson();
  const update = useUpdatePerson();

  useEffect(() => {
    if (open) form.reset(valuesOf(person));
  }, [open, person, form]);

  const submit = form.handleSubmit(async (values) => {
    const body = {
      ...values,
      department: values.department || null,
      team: values.team || null,
      title: values.title || null,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
    };
    try {
      const saved = person
        ? await update.mutateAsync({ id: person.id, body })
        : await create.mutateAsync(body);
      toast({ variant: 'success', title: person ? `${saved.name} updated` : `${saved.name} added` });
      onOpenChange(false);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if ((FIELDS as readonly string[]).includes(field))
          form.setError(field as (typeof FIELDS)[number], { message });
      }
      toastError('Could not save', error);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{person ? `Edit ${person.name}` : 'Add a person'}</DialogTitle>
          <DialogDescription>
            People are the employees who use your tools; they do not sign in to Stackwise.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormInput form={form} name="email" label="Work e-mail" type="email" autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormInput form={form} name="firstName" label="First name" autoComplete="off" />
            <FormInput form={form} name="lastName" label="Last name" autoComplete="off" />
            <FormInput form={form} name="department" label="Department" autoComplete="off" />
            <FormInput form={form} name="team" label="Team" autoComplete="off" />
          </div>
          <FormInput form={form} name="title" label="Title" autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormInput form={form} name="startDate" label="Start date" type="date" />
            <FormInput form={form} name="endDate" label="End date" type="date" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {person ? 'Save' : 'Add person'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
