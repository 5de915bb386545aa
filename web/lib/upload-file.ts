// The one way the web app sends a file to the API: multipart/form-data with the file in the field
// `file`, cookies always, JSON back, errors as ApiError (like api-client).
import { ApiError, throwIfNotOk } from './api-client';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /**
   * Reports the share of the file sent (0 to 1). The upload then goes through XMLHttpRequest, which
   * reports upload progress where fetch cannot (a 20 MB statement on a slow line needs it).
   */
  onProgress?: (fraction: number) => void;
}

/** Sends `file` to `url` (POST unless said otherwise) and resolves with the JSON answer. */
export async function uploadFile<T>(url: string, file: File, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', onProgress } = options;
  const form = new FormData();
  form.append('file', file);
  if (onProgress) return sendWithProgress<T>(method, url, form, onProgress);
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

function sendWithProgress<T>(
  method: string,
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as T);
      } else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    xhr.send(form);
  });
}
