import { vi } from 'vitest';

type Handler = unknown | ((request: { url: URL; method: string; body: unknown }) => unknown);
export interface MockReply {
  status: number;
  body?: unknown;
}

/** A reply with a status other than 200. */
export const reply = (status: number, body?: unknown): MockReply & { __reply: true } => ({
  status,
  body,
  __reply: true,
});

function isReply(value: unknown): value is MockReply & { __reply: true } {
  return typeof value === 'object' && value !== null && '__reply' in value;
}

function answer(handler: Handler, request: { url: URL; method: string; body: unknown }): unknown {
  return typeof handler === 'function' ? (handler as (r: unknown) => unknown)(request) : handler;
}

const SETTINGS_PATHS = {
  categories: 'categories',
  tags: 'tags',
  paymentMethods: 'payment-methods',
  useCases: 'use-cases',
  projects: 'projects',
};

/**
 * GET /api/session when a test did not mock it: composed, as the server does, from the start-up
 * endpoints the test did mock (each part null when its endpoint is not mocked or answers an error,
 * so the hook that needs it asks its own endpoint).
 */
function sessionFromRoutes(routes: Record<string, Handler>, read: (key: string) => unknown): Response {
  const part = (...keys: string[]) => {
    const key = keys.find((k) => k in routes);
    const value = key === undefined ? null : read(key);
    return isReply(value) || value instanceof Response ? null : (value ?? null);
  };
  const user = 'GET /api/auth/user' in routes ? read('GET /api/auth/user') : reply(404, { code: 'not_found' });
  if (isReply(user)) return new Response(JSON.stringify(user.body ?? {}), { status: user.status });
  const count = part('GET /api/notifications/count');
  const active = part('GET /api/notifications?status=active', 'GET /api/notifications');
  const lists = Object.entries(SETTINGS_PATHS).map(([name, path]) => [name, part(`GET /api/settings/${path}`)]);
  const session = {
    user,
    organizations: part('GET /api/organizations'),
    organization: part('GET /api/organization'),
    trialStatus: part('GET /api/trial/status'),
    plans: part('GET /api/plans'),
    notifications: count !== null && active !== null ? { ...(count as object), active } : null,
    settingsLists: lists.every(([, items]) => items !== null) ? Object.fromEntries(lists) : null,
  };
  return new Response(JSON.stringify(session), { status: 200, headers: { 'content-type': 'application/json' } });
}

export interface MockApi {
  calls: Array<{ method: string; path: string; body: unknown; headers: Record<string, string> }>;
}

/**
 * Replaces fetch with a table of "METHOD /path" → JSON body (or reply(status, body), a Response
 * such as ndjsonStream's, or a function of the request). Paths match without their query string
 * unless the key has one. Anything else answers 404, like an endpoint that does not exist yet.
 */
export function mockApi(routes: Record<string, Handler>): MockApi {
  const api: MockApi = { calls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      api.calls.push({
        method,
        path: `${url.pathname}${url.search}`,
        body,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const key = [`${method} ${url.pathname}${url.search}`, `${method} ${url.pathname}`].find(
        (k) => k in routes,
      );
      if (!key && method === 'GET' && url.pathname === '/api/session') {
        return sessionFromRoutes(routes, (k) => answer(routes[k], { url, method, body }));
      }
      if (!key)
        return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
      const value = answer(routes[key], { url, method, body });
      if (value instanceof Response) return value;
      if (isReply(value)) {
        const text =
          value.body === undefined
            ? ''
            : typeof value.body === 'string'
              ? value.body
              : JSON.stringify(value.body);
        return new Response(value.status === 204 ? null : text, { status: value.status });
      }
      if (value === undefined) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(value), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return api;
}

/**
 * An `application/x-ndjson` answer the test writes line by line (as a progress-streaming endpoint
 * does): serve `response` from a route, then `send` lines and `close` when the outcome is out.
 */
export function ndjsonStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    send: (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    close: () => controller.close(),
  };
}
