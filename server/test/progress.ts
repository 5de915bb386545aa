import type { App } from '../types';

export interface StreamedLine {
  progress?: { phase: string; done: number; total: number };
  status?: number;
  body?: Record<string, unknown>;
}

/** POSTs asking for streamed progress (Accept: application/x-ndjson) and parses the lines. */
export async function postStreamed(app: App, cookie: string, url: string, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', cookie },
    payload: JSON.stringify(payload),
  });
  const lines = res.body
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as StreamedLine);
  const outcome = lines.at(-1);
  return {
    statusCode: res.statusCode,
    contentType: res.headers['content-type'],
    progress: lines.flatMap((line) => (line.progress ? [line.progress] : [])),
    outcome,
  };
}
