import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactRequests } from '../../db/schema';
import { JSON_HEADERS } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { CONTACT_RATE_LIMIT } from './public-forms.routes';

const server = useTestServer();

let ipCounter = 0;
/** Each call comes from its own address unless told otherwise, so the rate limit stays out of the way. */
function post(payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  ipCounter += 1;
  return server.app.inject({
    method: 'POST',
    url: '/api/public/contact',
    headers: options.headers ?? JSON_HEADERS,
    remoteAddress: options.ip ?? `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    payload: payload as Record<string, unknown>,
  });
}

async function latestRows(limit = 5) {
  return server.database.db
    .select()
    .from(contactRequests)
    .orderBy(desc(contactRequests.createdAt))
    .limit(limit);
}

describe('POST /api/public/contact', () => {
  it('stores a support message without a session and answers 201 with its id', async () => {
    const response = await post({
      kind: 'support',
      name: '  Grace Hopper ',
      email: 'grace@example.com',
      message: 'The renewal reminder for Figma arrived twice.',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = (await latestRows()).filter((r) => r.id === id);
    expect(row).toMatchObject({
      kind: 'support',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: null,
      companySize: null,
      message: 'The renewal reminder for Figma arrived twice.',
    });
  });

  it('stores a demo request with company and size', async () => {
    const response = await post({
      kind: 'demo',
      name: 'Katherine Johnson',
      email: 'kj@example.com',
      company: 'Langley Analytics',
      companySize: '51-200',
    });
    expect(response.statusCode).toBe(201);
    const [row] = (await latestRows()).filter((r) => r.id === response.json().id);
    expect(row).toMatchObject({
      kind: 'demo',
      company: 'Langley Analytics',
      companySize: '51-200',
      message: null,
    });
  });

  it('answers 400 naming each invalid field, and stores nothing', async () => {
    const before = (await server.database.db.select().from(contactRequests)).length;
    const response = await post({ kind: 'sales', name: '', email: 'not-an-email', companySize: '12' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    const fields = (body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['kind', 'name', 'email', 'companySize']));
    expect((await server.database.db.select().from(contactRequests)).length).toBe(before);
  });

  it('rejects over-long text and a missing body', async () => {
    expect(
      (await post({ kind: 'support', name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }))
        .statusCode,
    ).toBe(400);
    expect((await post(undefined)).statusCode).toBe(400);
  });

  it('refuses a form post that is not JSON (CSRF guard)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/public/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'kind=support&name=A&email=a%40example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_rejected');
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT} submissions an hour`, async () => {
    const body = {
      kind: 'support',
      name: 'Spammer',
      email: 'spam@example.com',
      message: 'Buy followers today!',
    };
    for (let i = 0; i < CONTACT_RATE_LIMIT; i += 1) {
      expect((await post(body, { ip: '192.0.2.77' })).statusCode).toBe(201);
    }
    const limited = await post(body, { ip: '192.0.2.77' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await post(body, { ip: '192.0.2.78' })).statusCode).toBe(201);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/public/contact'].post.operationId).toBe('submitContactRequest');
  });
});
