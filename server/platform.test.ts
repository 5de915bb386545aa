import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, api, buildOrgOwner } from './test/factories';
import { getTestServer, type TestServer } from './test/test-server';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await getTestServer();
  cookie = (await buildOrgOwner(server.app)).cookie;
});
afterAll(() => server.close());

describe('platform behaviour', () => {
  it('answers health and readiness probes', async () => {
    expect((await server.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/nope not found', code: 'not_found' });
  });

  it('answers malformed JSON with 400 and an oversize body with 413', async () => {
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'bad_request' });
    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });

  it('sends security headers with a CSP and a request id', async () => {
    const response = await server.app.inject({ url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Exactly what the trial welcome's confetti needs (a worker from a blob: URL), no script from blob:.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('publishes an OpenAPI document built from the route schemas, and a reference page', async () => {
    const doc = (await server.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.operationId).toBe('login');
    expect(doc.paths['/api/organizations'].get.operationId).toBe('listOrganizations');
    const page = await server.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

// Every mutating route with hostile payloads: the answer is always a 4xx, never a 500.
const HOSTILE: unknown[] = [
  {},
  [],
  'string',
  42,
  null,
  { email: 42, password: ['x'] },
  { email: 'a'.repeat(100_000), password: 'b'.repeat(100_000), firstName: 'c'.repeat(100_000) },
  { email: '😀@😀.😀', password: '🔑'.repeat(20), firstName: '\u0000\u202e', lastName: 'Ω≈ç√' },
  {
    step: 'workspace',
    organizationName: { $ne: 1 },
    currency: 'U$D',
    fiscalYearStartMonth: 'April',
    companySize: 9,
  },
  { name: null, currency: 12, fiscalYearStartMonth: -1, autoRenewTrial: 'yes' },
  { token: '../../etc/passwd', password: 'x' },
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
];

describe('malformed-input sweep', () => {
  it('answers every hostile payload on every route with a 4xx', async () => {
    const doc = (await server.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        if (method === 'get') continue;
        const url = path.replace(/\{[^}]+\}/g, 'not-a-uuid');
        for (const payload of HOSTILE) {
          const response = await server.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { ...JSON_HEADERS, cookie },
            payload: JSON.stringify(payload),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${method.toUpperCase()} ${url} ${JSON.stringify(payload).slice(0, 60)} → ${response.statusCode}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile query strings on GET routes without a 500', async () => {
    const doc = (await server.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of Object.keys(doc.paths)) {
      const url = `${path.replace(/\{[^}]+\}/g, '%00')}?limit=-1&page=abc&q=${'%F0%9F%98%80'.repeat(50)}&sort=;drop table users`;
      const response = await api(server.app, cookie).get(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
