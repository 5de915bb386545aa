import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@/lib/api-client';

/** The body checked with its contract before sending: each issue on its field, null when any. */
export function checkedBody<S extends z.ZodType, T extends FieldValues>(
  schema: S,
  body: unknown,
  form: UseFormReturn<T>,
): z.output<S> | null {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues)
    form.setError(String(issue.path[0]) as Path<T>, { message: issue.message });
  return null;
}

/** A refused save: the server's field errors on their fields, anything else in a toast. */
export function showSaveError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, title: string) {
  const fields = fieldErrors(error);
  for (const [field, message] of Object.entries(fields)) form.setError(field as Path<T>, { message });
  if (Object.keys(fields).length === 0)
    toast({ variant: 'destructive', title, description: errorMessage(error) });
}
