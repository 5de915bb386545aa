// Issue 30: text from a request reaches PostgreSQL only as it can store it. NUL (raw or as the JSON
// escape `\u0000`) and lone surrogates in a JSON body, a query string or a path are made storable
// in one place (server/lib/json-body.ts, the preValidation hook in server/app.ts): the write
// succeeds with the text cleaned, never a 500.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expenses } from './db/schema';
import { api, buildOrgOwner, JSON_HEADERS } from './test/factories';
import { useTestServer } from './test/test-server';

const server = useTestServer();

describe('storable request text', () => {
  it('stores a JSON body with NUL and a lone surrogate cleaned, and answers queries holding them', async () => {
    const owner = await buildOrgOwner(server.app);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...JSON_HEADERS, cookie: owner.cookie },
      // Written by hand: the escape `\u0000` as JSON text and an unpaired surrogate.
      payload: '{"date":"2026-05-01","amountMinor":1200,"merchant":"NOTION\\u0000 LABS \\ud800"}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [stored] = await server.database.db
      .select({ merchant: expenses.merchant })
      .from(expenses)
      .where(eq(expenses.organizationId, owner.orgId));
    expect(stored.merchant).toBe('NOTION LABS \uFFFD');
    // A raw NUL is not JSON at all: a 400, like any other invalid body.
    const raw = await server.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { ...JSON_HEADERS, cookie: owner.cookie },
      payload: '{"date":"2026-05-01","amountMinor":1,"merchant":"A\u0000B"}',
    });
    expect(raw.statusCode).toBe(400);

    const client = api(server.app, owner.cookie);
    const found = await client.get('/api/expenses?q=NOTION%00%20LABS');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((e: { merchant: string }) => e.merchant)).toEqual(['NOTION LABS \uFFFD']);
    const path = await client.get('/api/expenses/%00');
    expect(path.statusCode).toBe(400);
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
