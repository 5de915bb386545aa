import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, expenses, memberships, settingsItems } from '../../db/schema';
import { api, buildOrgOwner, buildSubscription, registerUser } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { fixedClock } from '../../lib/clock';

let server: TestServer;
const clock = fixedClock('2026-06-15T12:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

async function setup() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  const zoom = await buildSubscription(db, owner.orgId, {
    name: 'Zoom',
    catalogSlug: 'zoom',
    amountMinor: 1599,
  });
  const slack = await buildSubscription(db, owner.orgId, { name: 'Slack', amountMinor: 8750 });
  const [card] = await db
    .insert(settingsItems)
    .values({ organizationId: owner.orgId, kind: 'payment-methods', name: 'Amex 1007' })
    .returning();
  return { owner, client: api(server.app, owner.cookie), zoom, slack, card };
}

const zoomCharge = { date: '2026-06-05', amountMinor: 1599, merchant: 'ZOOM.US 888-799-9666 CA' };

describe('expenses CRUD', () => {
  it('creates an expense, matches it from the merchant text, marks the setup step and audits it', async () => {
    const { owner, client, zoom, card } = await setup();
    const response = await client.post('/api/expenses', {
      ...zoomCharge,
      paymentMethodId: card.id,
      invoiceNumber: 'INV-1',
    });
    expect(response.statusCode).toBe(201);
    const expense = response.json();
    expect(expense).toMatchObject({
      date: '2026-06-05',
      amountMinor: 1599,
      currency: 'USD',
      merchant: 'ZOOM.US 888-799-9666 CA',
      merchantName: 'Zoom',
      subscriptionId: zoom.id,
      subscriptionName: 'Zoom',
      matchStatus: 'matched',
      matchMethod: 'catalog',
      source: 'manual',
      paymentMethodId: card.id,
      invoiceNumber: 'INV-1',
      document: null,
    });
    const org = (await client.get('/api/organizations')).json()[0];
    expect(org.setupProgress.importExpenses).toBe(true);
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, expense.id));
    expect(audit.map((a) => a.action)).toEqual(['expense.create']);
    expect((await client.get(`/api/expenses/${expense.id}`)).json().id).toBe(expense.id);
    expect(owner.orgId).toBeTruthy();
  });

  it('keeps an expense the user matched by hand and unmatches it with subscriptionId null', async () => {
    const { client, slack } = await setup();
    const created = (await client.post('/api/expenses', { ...zoomCharge, subscriptionId: slack.id })).json();
    expect(created).toMatchObject({ subscriptionId: slack.id, matchMethod: 'manual', matchConfidence: 1 });
    const edited = (
      await client.patch(`/api/expenses/${created.id}`, { merchant: 'ZOOM VIDEO', amountMinor: 2000 })
    ).json();
    expect(edited).toMatchObject({ subscriptionId: slack.id, merchant: 'ZOOM VIDEO', amountMinor: 2000 });
    const unmatched = (await client.patch(`/api/expenses/${created.id}`, { subscriptionId: null })).json();
    expect(unmatched).toMatchObject({ subscriptionId: null, matchStatus: 'unmatched', matchMethod: null });
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const { owner, client } = await setup();
    const other = await setup();
    const cases = [
      { ...zoomCharge, date: '2026-02-30' },
      { ...zoomCharge, amountMinor: 12.5 },
      { ...zoomCharge, merchant: '  ' },
      { ...zoomCharge, currency: 'XYZ' },
      { ...zoomCharge, servicePeriodStart: '2026-06-10', servicePeriodEnd: '2026-06-01' },
      { ...zoomCharge, subscriptionId: other.zoom.id },
      { ...zoomCharge, paymentMethodId: other.card.id },
    ];
    for (const body of cases) {
      const response = await client.post('/api/expenses', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect(response.json().fields.length).toBeGreaterThan(0);
    }
    const rows = await server.database.db
      .select()
      .from(expenses)
      .where(eq(expenses.organizationId, owner.orgId));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another tenant's expense on every route and leaves it untouched", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (await b.client.post('/api/expenses', zoomCharge)).json();
    expect((await a.client.get(`/api/expenses/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.patch(`/api/expenses/${theirs.id}`, { amountMinor: 1 })).statusCode).toBe(404);
    expect((await a.client.delete(`/api/expenses/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await a.client.post(`/api/expenses/${theirs.id}/match`, { subscriptionId: a.zoom.id })).statusCode,
    ).toBe(404);
    expect((await a.client.post(`/api/expenses/${theirs.id}/ignore`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/expenses/${theirs.id}/document`)).statusCode).toBe(404);
    expect(
      (await a.client.post('/api/expenses/bulk', { ids: [theirs.id], action: 'delete' })).json(),
    ).toEqual({ updated: 0 });
    expect((await a.client.get('/api/expenses')).json().total).toBe(0);
    expect((await b.client.get(`/api/expenses/${theirs.id}`)).json().amountMinor).toBe(1599);
  });

  it('lets viewers read but not write, and refuses signed-out requests', async () => {
    const { owner, client } = await setup();
    await client.post('/api/expenses', zoomCharge);
    const viewer = await registerUser(server.app);
    await server.database.db
      .insert(memberships)
      .values({ organizationId: owner.orgId, userId: viewer.id, role: 'viewer' });
    const asViewer = api(server.app, viewer.cookie);
    expect((await asViewer.get('/api/expenses')).json().total).toBe(1);
    expect((await asViewer.post('/api/expenses', zoomCharge)).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/expenses' })).statusCode).toBe(401);
  });

  it('deletes, ignores and bulk-matches', async () => {
    const { client, slack } = await setup();
    const one = (await client.post('/api/expenses', { ...zoomCharge, merchant: 'COFFEE BAR' })).json();
    const two = (await client.post('/api/expenses', { ...zoomCharge, merchant: 'TEA HOUSE' })).json();
    expect((await client.post(`/api/expenses/${one.id}/ignore`)).json().matchStatus).toBe('ignored');
    expect((await client.post(`/api/expenses/${one.id}/unmatch`)).json().matchStatus).toBe('unmatched');
    const bulk = await client.post('/api/expenses/bulk', {
      ids: [one.id, two.id],
      action: 'match',
      subscriptionId: slack.id,
    });
    expect(bulk.json()).toEqual({ updated: 2 });
    expect((await client.get(`/api/expenses?subscriptionId=${slack.id}`)).json().total).toBe(2);
    expect((await client.post('/api/expenses/bulk', { ids: [one.id], action: 'match' })).statusCode).toBe(
      400,
    );
    expect((await client.delete(`/api/expenses/${two.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/expenses/${two.id}`)).statusCode).toBe(404);
  });
});

describe('the ledger list', () => {
  async function ledger() {
    const ctx = await setup();
    const rows = [
      { date: '2026-01-10', amountMinor: 1000, merchant: 'ZOOM.US', currency: 'USD' },
      { date: '2026-02-10', amountMinor: 2000, merchant: 'SLACK T0123', currency: 'USD' },
      {
        date: '2026-02-11',
        amountMinor: 3000,
        merchant: 'ACME WIDGETS',
        currency: 'EUR',
        paymentMethodId: ctx.card.id,
      },
      {
        date: '2026-03-10',
        amountMinor: 4000,
        merchant: 'ACME GADGETS',
        currency: 'USD',
        invoiceNumber: 'INV-77',
      },
      { date: '2026-03-10', amountMinor: 5000, merchant: 'ZOOM.US', currency: 'USD', source: 'invoice' },
    ];
    for (const row of rows) expect((await ctx.client.post('/api/expenses', row)).statusCode).toBe(201);
    return ctx;
  }

  it('filters by date range, application, match status, payment method, source and search text', async () => {
    const { client, zoom, card } = await ledger();
    const count = async (query: string) => (await client.get(`/api/expenses?${query}`)).json().total;
    expect(await count('')).toBe(5);
    expect(await count('from=2026-02-01&to=2026-02-28')).toBe(2);
    expect(await count(`subscriptionId=${zoom.id}`)).toBe(2);
    expect(await count('match=unmatched')).toBe(2);
    expect(await count(`paymentMethodId=${card.id}`)).toBe(1);
    expect(await count('source=invoice')).toBe(1);
    expect(await count('q=acme')).toBe(2);
    expect(await count('q=INV-77')).toBe(1);
    expect(await count('q=100%25')).toBe(0);
    expect((await client.get('/api/expenses?match=maybe')).statusCode).toBe(400);
  });

  it('answers totals per currency over all pages', async () => {
    const { client } = await ledger();
    const page = (await client.get('/api/expenses?limit=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(5);
    expect(page.totals).toEqual([
      { currency: 'USD', amountMinor: 12000, count: 4 },
      { currency: 'EUR', amountMinor: 3000, count: 1 },
    ]);
    // Pages without totals, and the totals on their own for the same filters (another tenant sees none).
    const bare = (await client.get('/api/expenses?limit=2&withTotals=false')).json();
    expect(bare.items).toHaveLength(2);
    expect(bare).not.toHaveProperty('total');
    expect(bare).not.toHaveProperty('totals');
    expect((await client.get('/api/expenses/totals?from=2026-02-01&to=2026-02-28')).json()).toEqual({
      total: 2,
      totals: [
        { currency: 'EUR', amountMinor: 3000, count: 1 },
        { currency: 'USD', amountMinor: 2000, count: 1 },
      ],
    });
    expect((await client.get('/api/expenses/totals?match=maybe')).statusCode).toBe(400);
    const stranger = await setup();
    expect((await stranger.client.get('/api/expenses/totals')).json()).toEqual({ total: 0, totals: [] });
  });

  it('pages with a keyset cursor (newest first) and with offsets, sorted by amount', async () => {
    const { client } = await ledger();
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { items: Array<{ date: string; amountMinor: number }>; nextCursor: string | null } = (
        await client.get(`/api/expenses?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(
        ...page.items.map((e: { date: string; amountMinor: number }) => `${e.date}:${e.amountMinor}`),
      );
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(seen.slice(0, 2).map((s) => s.slice(0, 10))).toEqual(['2026-03-10', '2026-03-10']);
    expect(seen[4]).toBe('2026-01-10:1000');
    const byAmount = (await client.get('/api/expenses?sort=amount&order=asc&limit=2&offset=2')).json();
    expect(byAmount.items.map((e: { amountMinor: number }) => e.amountMinor)).toEqual([3000, 4000]);
    expect(byAmount.nextCursor).toBeNull();
    expect((await client.get('/api/expenses?cursor=garbage')).statusCode).toBe(400);
  });

  it('sums spend per month and category', async () => {
    const { client, owner } = await ledger();
    const [category] = await server.database.db
      .insert(settingsItems)
      .values({ organizationId: owner.orgId, kind: 'categories', name: 'Video' })
      .returning();
    const first = (await client.get('/api/expenses?q=ZOOM&sort=amount&order=asc')).json().items[0];
    await client.patch(`/api/expenses/${first.id}`, { categoryId: category.id });
    const spend = (await client.get('/api/expenses/monthly?from=2026-01-01&to=2026-03-31')).json();
    expect(spend.currency).toBe('USD');
    expect(spend.months.map((m: { month: string; totalMinor: number }) => [m.month, m.totalMinor])).toEqual([
      ['2026-01', 1000],
      ['2026-02', 2000],
      ['2026-03', 9000],
    ]);
    expect(spend.months[0].byCategory).toEqual([
      { categoryId: category.id, name: 'Video', amountMinor: 1000 },
    ]);
  });
});
