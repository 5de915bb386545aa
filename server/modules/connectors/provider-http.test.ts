import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, nextLink, retryAfterMs } from './provider-http';

let base: string;
let requests = 0;
const server = createServer((req, res) => {
  requests += 1;
  // The first request's connection drops (a kept-alive socket the provider closed).
  if (req.url === '/drop' && requests === 1) return req.socket.destroy();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true, auth: req.headers.authorization }));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (authorization?: (token: string) => string) =>
  apiClient({
    baseUrl: base,
    accessToken: async () => 'tok',
    refresh: async () => 'tok',
    authorization,
  });

describe('provider HTTP', () => {
  it('reads the next page of an RFC 8288 Link header (Okta), whatever the order of its links', () => {
    expect(
      nextLink(
        '<https://acme.okta.com/api/v1/users?limit=200>; rel="self", <https://acme.okta.com/api/v1/users?after=00u2&limit=200>; rel="next"',
      ),
    ).toBe('https://acme.okta.com/api/v1/users?after=00u2&limit=200');
    expect(nextLink('<https://acme.okta.com/api/v1/users?limit=200>; rel="self"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it('waits what Retry-After says, else until X-Rate-Limit-Reset (epoch seconds), else doubles', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    expect(retryAfterMs('7', 0, now, String(now / 1000 + 30))).toBe(7000);
    expect(retryAfterMs(null, 0, now, String(now / 1000 + 30))).toBe(30_000);
    expect(retryAfterMs(null, 2, now, null)).toBe(4000);
  });

  it('sends the provider’s token scheme, retries a dropped connection, and follows no link off the provider', async () => {
    expect(await client((t) => `SSWS ${t}`).get('/drop', {})).toEqual({ ok: true, auth: 'SSWS tok' });
    expect(requests).toBe(2);
    await expect(client().get('https://elsewhere.test/steal', {})).rejects.toThrow(/not followed/);
    expect(requests).toBe(2);
  });
});
