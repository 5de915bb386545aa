// What the local provider fakes (tests only) share: a loopback HTTP server, JSON answers, form
// bodies, a request log, and injected failures (a status for the next requests matching a path).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeFailure {
  pathPrefix: string;
  status: number;
  /** Headers of the failing answer (Retry-After, X-Rate-Limit-Reset). */
  headers?: Record<string, string>;
  /** Fail only requests whose query has this value (a crash on page 2). */
  query?: [string, string];
  /** Fail only requests this says yes to. */
  when?: (url: URL) => boolean;
  times: number;
}

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

/**
 * Starts a fake: `handle` answers each request (after the log and any injected failure, which
 * `failWith` words as the provider would). Answers the base URL and the controls.
 */
export async function startFakeServer<F extends FakeFailure = FakeFailure>(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL, form: Record<string, string>) => unknown,
  failWith: (res: ServerResponse, failure: F) => void,
) {
  const requests: FakeRequest[] = [];
  const failures: F[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = req.method === 'POST' ? await readForm(req) : {};
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        ),
      });
      const failure = failures.find(
        (f) =>
          url.pathname.startsWith(f.pathPrefix) &&
          (!f.query || url.searchParams.get(f.query[0]) === f.query[1]) &&
          (!f.when || f.when(url)),
      );
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
        return failWith(res, failure);
      }
      await handle(req, res, url, form);
    })().catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
  });
  // A slow test database may keep the client busy between requests: keep its idle sockets open, so a
  // reused socket is never closed under it (undici answers "fetch failed" then).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail: (failure: F) => failures.push(failure),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Offset paging with an opaque token (the next index, base64url). */
export function offsetPage<T>(items: T[], token: string | null, size: number) {
  const start = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
  const slice = items.slice(start, start + size);
  const next = start + size < items.length ? Buffer.from(String(start + size)).toString('base64url') : null;
  return { slice, next };
}
