import type { z } from 'zod';
import type { importOptionsBody, ImportPreview } from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';

export type ImportOptions = z.input<typeof importOptionsBody>;

/** POST /api/expenses/import/{id}/preview */
export function previewImport(batchId: string, options: ImportOptions): Promise<ImportPreview> {
  return apiRequest<ImportPreview>(
    'POST',
    `/api/expenses/import/${encodeURIComponent(batchId)}/preview`,
    options,
  );
}
