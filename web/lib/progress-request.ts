// POST to an endpoint that streams its progress as NDJSON (see server/lib/progress-reply.ts):
// `{"progress":{phase,done,total}}` lines, then one `{"status","body"}` line with the outcome.
import { ApiError, throwIfNotOk } from './api-client';

export interface Progress {
  phase: string;
  done: number;
  total: number;
}

interface ProgressLine {
  progress?: Progress;
  status?: number;
  body?: unknown;
}

const NDJSON = 'application/x-ndjson';

/** Resolves with the final body (or rejects with the ApiError it would have been), reporting progress. */
export async function postWithProgress<T>(
  url: string,
  body: unknown,
  onProgress: (progress: Progress) => void,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: `${NDJSON}, application/json` },
    body: JSON.stringify(body ?? {}),
  });
  await throwIfNotOk(res);
  if (!(res.headers.get('content-type') ?? '').includes(NDJSON) || !res.body) {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!text) continue;
      const line = JSON.parse(text) as ProgressLine;
      if (line.progress) onProgress(line.progress);
      else if (typeof line.status === 'number') {
        if (line.status >= 400) throw new ApiError(line.status, '', JSON.stringify(line.body ?? ''));
        return line.body as T;
      }
    }
    if (done) break;
  }
  throw new Error('The connection closed before the import finished. Check the list before trying again.');
}
