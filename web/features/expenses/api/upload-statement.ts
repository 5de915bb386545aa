import type { ImportUpload } from '@common/contracts/expenses';
import { ApiError } from '@/lib/api-client';

/**
 * POST /api/expenses/import (multipart). XMLHttpRequest rather than fetch: it reports upload
 * progress, which a 20 MB statement on a slow line needs.
 */
export function uploadStatement(file: File, onProgress: (fraction: number) => void): Promise<ImportUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/expenses/import');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as ImportUpload);
      } else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
