import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage } from './api-client';
import { postWithProgress, type Progress } from './progress-request';

afterEach(() => vi.unstubAllGlobals());

/** A streamed NDJSON answer whose lines arrive in separate, arbitrarily cut chunks. */
function streamed(chunks: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const fetchMock = vi.fn(
    async () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('postWithProgress', () => {
  it('reports each progress line and resolves with the final body', async () => {
    const fetchMock = streamed([
      '{"progress":{"phase":"checking","done":0,"total":3}}\n{"progress":{"pha',
      'se":"saving","done":2,"total":3}}\n',
      '{"status":201,"body":{"imported":3}}\n',
    ]);
    const seen: Progress[] = [];
    const result = await postWithProgress<{ imported: number }>('/api/x', { a: 1 }, (p) => seen.push(p));
    expect(result).toEqual({ imported: 3 });
    expect(seen).toEqual([
      { phase: 'checking', done: 0, total: 3 },
      { phase: 'saving', done: 2, total: 3 },
    ]);
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1].headers).toMatchObject({ Accept: expect.stringContaining('application/x-ndjson') });
    expect(init[1].body).toBe('{"a":1}');
  });

  it('turns a failure line into the ApiError the plain request would have thrown', async () => {
    streamed([
      '{"progress":{"phase":"checking","done":0,"total":0}}\n',
      '{"status":403,"body":{"message":"Your plan allows 15 applications.","code":"plan_limit"}}\n',
    ]);
    const error = await postWithProgress('/api/x', {}, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).data?.code).toBe('plan_limit');
    expect(errorMessage(error)).toBe('Your plan allows 15 applications.');
  });

  it('says so when the connection closes before the outcome', async () => {
    streamed(['{"progress":{"phase":"saving","done":1,"total":9}}\n']);
    await expect(postWithProgress('/api/x', {}, () => {})).rejects.toThrow(/closed before the import finished/);
  });

  it('accepts a plain JSON answer and a plain error from servers that do not stream', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"imported":1}', { headers: { 'content-type': 'application/json' } })),
    );
    await expect(postWithProgress('/api/x', {}, () => {})).resolves.toEqual({ imported: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Sign in","code":"unauthorized"}', { status: 401 })),
    );
    await expect(postWithProgress('/api/x', {}, () => {})).rejects.toThrow('401:');
  });
});
