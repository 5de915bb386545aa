import type { ImportUpload } from '@common/contracts/expenses';
import { uploadFile } from '@/lib/upload-file';

/** POST /api/expenses/import (multipart), with upload progress: a 20 MB statement on a slow line needs it. */
export function uploadStatement(file: File, onProgress: (fraction: number) => void): Promise<ImportUpload> {
  return uploadFile<ImportUpload>('/api/expenses/import', file, { onProgress });
}
