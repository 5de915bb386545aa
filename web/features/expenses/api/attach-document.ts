import type { Expense } from '@common/contracts/expenses';
import { uploadFile } from '@/lib/upload-file';
import { useExpenseMutation } from './use-expense-mutation';

/** POST /api/expenses/{id}/document (multipart `file`): a PDF or image up to 20 MB. */
export function attachDocument(input: { id: string; file: File }): Promise<Expense> {
  return uploadFile<Expense>(`/api/expenses/${encodeURIComponent(input.id)}/document`, input.file);
}

export const useAttachDocument = () => useExpenseMutation(attachDocument);
