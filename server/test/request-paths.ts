import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REPORT_KEYS } from '../../common/contracts/reports';
import type { App } from '../types';
import { api, buildOrgOwner, sessionCookie, setPlan } from './factories';

// The requests a signed-in owner of the demo company makes: every GET route of the OpenAPI document,
// its path parameters filled from the demo's rows, then the everyday writes. Each request runs inside
// `around(label, ask)`, so a test can tell the statements of each request apart (distribution.test.ts).

/** The table whose row fills `{id}` under each first path segment (`/api/<segment>/{id}`). */
const ID_TABLES: Record<string, string> = {
  subscriptions: 'subscriptions',
  renewals: 'subscriptions',
  benchmarks: 'subscriptions',
  imports: 'imports',
  vendors: 'vendors',
  expenses: 'expenses',
  'invoice-forwarding': 'inbound_messages',
  budgets: 'budgets',
  people: 'people',
  licenses: 'license_pools',
  contracts: 'contracts',
  insights: 'insight_opportunities',
  entities: 'entities',
  brands: 'brands',
  allocations: 'subscriptions',
};

/** Query strings of routes that need one. */
const QUERIES: Record<string, (slug: string) => string> = {
  '/api/analytics/pivot': () => '?rows=category&columns=department',
  '/api/benchmarks': (slug) => `?catalogSlug=${slug}`,
};

type Around = <T extends { statusCode: number }>(label: string, ask: () => Promise<T>) => Promise<T>;

export async function requestPathStatements(app: App, around: Around) {
  const owner = await buildOrgOwner(app);
  await setPlan(app.deps.db, owner.orgId, 'scale');
  const client = api(app, owner.cookie);
  const loaded = await client.post('/api/demo');
  if (loaded.statusCode !== 201) throw new Error(`demo: ${loaded.statusCode} ${loaded.body}`);
  await app.deps.events.drain();

  const firstId = async (table: string) => {
    const { rows } = await app.deps.db.execute(
      sql`select id from ${sql.identifier(table)} where organization_id = ${owner.orgId} limit 1`,
    );
    return String(rows[0]?.id ?? randomUUID());
  };
  const { rows: documents } = await app.deps.db.execute(
    sql`select contract_id, id from contract_documents where organization_id = ${owner.orgId} limit 1`,
  );
  const { rows: slugs } = await app.deps.db.execute(
    sql`select catalog_slug from subscriptions where organization_id = ${owner.orgId} and catalog_slug is not null limit 1`,
  );
  const fill = async (path: string): Promise<string[]> => {
    const segment = path.split('/')[2]!;
    if (path.includes('{key}')) return REPORT_KEYS.map((key) => path.replace('{key}', key));
    const slug = String(slugs[0]?.catalog_slug ?? 'slack');
    let filled = (path + (QUERIES[path]?.(slug) ?? ''))
      .replace('{orgId}', owner.orgId)
      .replace('{token}', randomUUID())
      .replace('{slug}', slug)
      .replace('{kind}', 'subscription');
    if (filled.includes('{documentId}') && documents[0]) {
      filled = filled
        .replace('{id}', String(documents[0].contract_id))
        .replace('{documentId}', String(documents[0].id));
    }
    for (const name of ['{id}', '{subscriptionId}', '{poolId}']) {
      if (filled.includes(name)) filled = filled.replace(name, await firstId(ID_TABLES[segment] ?? segment));
    }
    return [filled];
  };

  const answered: Record<string, number> = {};
  // A password sign-in opens a session without an organization: its first request chooses one.
  const signedIn = await around('POST /api/auth/login', () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: { email: owner.email, password: owner.password },
    }),
  );
  const fresh = api(app, sessionCookie(signedIn));
  answered['GET /api/session (after sign-in)'] = (
    await around('GET /api/session (after sign-in)', () => fresh.get('/api/session'))
  ).statusCode;

  const document = (await client.get('/api/openapi.json')).json() as {
    paths: Record<string, { get?: unknown }>;
  };
  for (const path of Object.keys(document.paths).filter((p) => document.paths[p]!.get)) {
    for (const url of await fill(path)) {
      if (url.includes('{')) continue; // no row to name (the demo has no contract documents)
      answered[`GET ${url}`] = (await around(`GET ${url}`, () => client.get(url))).statusCode;
    }
  }

  // The everyday writes: an application and its seats, a charge, a budget, a person, an insight.
  const write = async <T extends { statusCode: number }>(label: string, ask: () => Promise<T>) => {
    const response = await around(label, ask);
    answered[label] = response.statusCode;
    return response;
  };
  const created = await write('POST /api/subscriptions', () =>
    client.post('/api/subscriptions', {
      name: 'Routing check',
      billingCycle: 'monthly',
      amountMinor: 12_000,
      currency: 'USD',
      nextRenewalDate: '2027-01-15',
    }),
  );
  const applicationId = String(created.json().id);
  await write('PATCH /api/subscriptions/{id}', () =>
    client.patch(`/api/subscriptions/${applicationId}`, { amountMinor: 15_000, department: 'Finance' }),
  );
  await write('POST /api/expenses', () =>
    client.post('/api/expenses', {
      date: '2026-11-20',
      amountMinor: 15_000,
      currency: 'USD',
      merchant: 'Routing check',
      subscriptionId: applicationId,
    }),
  );
  await write('POST /api/budgets', () =>
    client.post('/api/budgets', {
      name: 'Routing check',
      amountMinor: 100_000,
      period: 'monthly',
      scope: 'application',
      scopeId: applicationId,
    }),
  );
  const person = await write('POST /api/people', () =>
    client.post('/api/people', { name: 'Routing Check', email: `routing-${randomUUID()}@example.com` }),
  );
  const pool = await write('POST /api/licenses', () =>
    client.post('/api/licenses', { subscriptionId: applicationId, tierName: 'Standard', seats: 5 }),
  );
  await write('POST /api/licenses/{poolId}/assignments', () =>
    client.post(`/api/licenses/${String(pool.json().id)}/assignments`, {
      personIds: [String(person.json().id)],
    }),
  );
  await write('POST /api/contracts', () =>
    client.post('/api/contracts', {
      subscriptionId: applicationId,
      title: 'Routing check',
      startDate: '2026-01-15',
      endDate: '2027-01-14',
    }),
  );
  await write('POST /api/expenses/rematch', () => client.post('/api/expenses/rematch'));
  const insightId = await firstId('insight_opportunities');
  await write('PATCH /api/insights/{id}', () =>
    client.patch(`/api/insights/${insightId}`, { dueDate: '2027-01-31' }),
  );
  await write('DELETE /api/subscriptions/{id}', () => client.delete(`/api/subscriptions/${applicationId}`));
  return answered;
}
