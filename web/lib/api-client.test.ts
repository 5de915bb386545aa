import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from './session';
import { mockApi, reply } from '@/test/mock-api';
import { ApiError, apiGetOr, apiRequest, errorMessage, fieldErrors } from './api-client';
import { createQueryClient, retryDelay } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('api client errors (spec §8)', () => {
  it('throws "{status}: {response text}" for a non-OK response', async () => {
    mockApi({ 'GET /api/thing': reply(409, { message: 'Email already registered', code: 'conflict' }) });
    const error = await apiRequest('GET', '/api/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Email already registered","code":"conflict"}');
    expect((error as ApiError).status).toBe(409);
  });

  it('uses the status text when the response body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow('503: Service Unavailable');
  });

  it('gives toasts the server’s human message, never raw JSON', async () => {
    mockApi({
      'POST /api/auth/login': reply(401, {
        message: 'Invalid email or password',
        code: 'invalid_credentials',
      }),
    });
    const error = await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(error)).toBe('Invalid email or password');
    expect(errorMessage(new ApiError(500, 'Internal Server Error', ''))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(errorMessage(new ApiError(502, 'Bad Gateway', 'upstream down'))).toBe('upstream down');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('reads field errors of a validation response', () => {
    const error = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        message: 'Invalid',
        code: 'validation_error',
        fields: [{ field: 'email', message: 'Invalid email' }],
      }),
    );
    expect(fieldErrors(error)).toEqual({ email: 'Invalid email' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });

  it('treats a 401 on the user query as "no user"', async () => {
    mockApi({
      'GET /api/session': reply(401, { message: 'Please sign in to continue.', code: 'unauthorized' }),
    });
    await expect(getSession()).resolves.toBeNull();
  });

  it('still throws other failures of the user query', async () => {
    mockApi({ 'GET /api/session': reply(500, { message: 'Boom', code: 'internal_error' }) });
    await expect(getSession()).rejects.toThrow(/^500: /);
  });
});

describe('api client requests', () => {
  it('sends spec §7 calls without payload with no body and no content type, with cookies', async () => {
    mockApi({ 'POST /api/auth/logout': reply(204), 'DELETE /api/settings/tags/t1': reply(204) });
    await apiRequest('POST', '/api/auth/logout');
    await apiRequest('DELETE', '/api/settings/tags/t1');
    for (const [, init] of vi.mocked(fetch).mock.calls) {
      expect(init!.credentials).toBe('include');
      expect(init!.body).toBeUndefined();
      expect(init!.headers).not.toHaveProperty('Content-Type');
    }
  });

  it('sends a payload as JSON', async () => {
    const api = mockApi({ 'POST /api/settings/tags': { id: 't2', name: 'Ops' } });
    await apiRequest('POST', '/api/settings/tags', { name: 'Ops' });
    expect(vi.mocked(fetch).mock.calls[0][1]!.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(api.calls[0].body).toEqual({ name: 'Ops' });
  });

  it('sends cookies on GET, without a body', async () => {
    mockApi({ 'GET /api/organizations': [] });
    await expect(apiRequest('GET', '/api/organizations')).resolves.toEqual([]);
    const init = vi.mocked(fetch).mock.calls[0][1]!;
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('answers the fallback when an endpoint does not exist yet (404)', async () => {
    mockApi({});
    await expect(apiGetOr('/api/dashboard/summary', null)).resolves.toBeNull();
  });
});

describe('query client (spec §7)', () => {
  it('is stale after 5 minutes, kept 10, retried once, not refetched on focus, not polled', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(mutations?.retry).toBe(false);
  });

  it('clears the user when any call answers 401, so the guards send the visitor to sign in', async () => {
    const client = createQueryClient();
    client.setQueryData(['auth', 'user'], { id: 'u1' });
    mockApi({ 'GET /api/organizations': reply(401, { message: 'Please sign in to continue.', code: 'unauthorized' }) });
    await client
      .fetchQuery({ queryKey: ['organizations'], queryFn: () => apiRequest('GET', '/api/organizations'), retry: false })
      .catch(() => {});
    expect(client.getQueryData(['auth', 'user'])).toBeNull();
  });

  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
