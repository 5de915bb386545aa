import type { Expense } from '@common/contracts/expenses';
import { throwIfNotOk } from '@/lib/api-client';
import { useExpenseMutation } from './use-expense-mutation';

/** POST /api/expenses/{id}/document (multipart `file`): a PDF or image up to 20 MB. */
export async function attachDocument(input: { id: string; file: File }): Promise<Expense> {
  const form = new FormData();
  form.append('file', input.file);
  const res = await fetch(`/api/expenses/${encodeURIComponent(input.id)}/document`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  await throwIfNotOk(res);
  return (await res.json()) as Expense;
}

export const useAttachDocument = () => useExpenseMutation(attachDocument);
