import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, subscriptionPriceChanges, subscriptions } from '../../db/schema';
import { addMember, api } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, ownerWithClient } = useTestServerAt('2026-03-10T12:00:00Z');

const owner = ownerWithClient;

const count = async (orgId: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId)))
    .length;

/** Creates an application through the API and answers the created application. */
const created = async (client: ReturnType<typeof api>, body: Record<string, unknown>) =>
  (await client.post('/api/subscriptions', body)).json();

describe('POST /api/subscriptions', () => {
  it('creates from a name alone with sensible defaults, audit, first price and the setup flag', async () => {
    const { client, orgId } = await owner();
    const res = await client.post('/api/subscriptions', { name: '  Internal wiki ' });
    expect(res.statusCode).toBe(201);
    const app = res.json();
    expect(app).toMatchObject({
      name: 'Internal wiki',
      status: 'active',
      billingCycle: 'monthly',
      pricingModel: 'flat',
      amountMinor: 0,
      currency: 'USD',
      autoRenew: true,
      noticePeriodDays: 0,
      nextRenewalDate: '2026-04-10', // a month after the day it was added
      cancelByDate: '2026-04-10',
      tagIds: [],
      tagNames: [],
    });
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.entityId, app.id)));
    expect(audit.map((a) => a.action)).toEqual(['subscription.create']);
    const history = (await client.get(`/api/subscriptions/${app.id}/history`)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      from: null,
      source: 'create',
      to: { amountMinor: 0, billingCycle: 'monthly' },
    });
    const [org] = (await client.get('/api/organizations')).json();
    expect(org.setupProgress.addApplications).toBe(true);
  });

  it('derives cost per cycle, monthly and annual equivalents, renewal and cancel-by values', async () => {
    const { client } = await owner();
    const annual = await created(client, {
      name: 'Annual tool',
      billingCycle: 'annual',
      amountMinor: 120_000,
      nextRenewalDate: '2026-04-09',
      noticePeriodDays: 30,
    });
    expect(annual).toMatchObject({
      costPerCycleMinor: 120_000,
      monthlyMinor: 10_000,
      annualMinor: 120_000,
      cancelByDate: '2026-03-10',
      daysUntilRenewal: 30,
      renewalUrgency: 'medium',
    });
    const seats = await created(client, {
      name: 'Seats',
      pricingModel: 'per-seat',
      seats: 12,
      unitPriceMinor: 1_599,
      billingCycle: 'quarterly',
      currency: 'EUR',
    });
    expect(seats).toMatchObject({
      amountMinor: 19_188,
      costPerCycleMinor: 19_188,
      monthlyMinor: 6_396,
      annualMinor: 76_752,
      currency: 'EUR',
    });
    const multi = await created(client, {
      name: 'Three years',
      billingCycle: 'multi-year',
      intervalMonths: 36,
      amountMinor: 360_000,
    });
    expect(multi).toMatchObject({ monthlyMinor: 10_000, annualMinor: 120_000, intervalMonths: 36 });
  });

  it('computes the next renewal from the start date when none is given (month ends roll correctly)', async () => {
    const { client } = await owner();
    const app = await created(client, {
      name: 'Month end',
      startDate: '2025-01-31',
      billingCycle: 'monthly',
    });
    expect(app.nextRenewalDate).toBe('2026-03-31');
    const manual = await created(client, {
      name: 'Manual',
      startDate: '2025-01-31',
      billingCycle: 'annual',
      autoRenew: false,
    });
    expect(manual.nextRenewalDate).toBe('2026-01-31');
    expect(manual.daysUntilRenewal).toBeLessThan(0);
    expect(manual.renewalUrgency).toBe('overdue');
  });

  it('pre-fills vendor, category, URL and list price from the catalogue, reusing the vendor', async () => {
    const { client } = await owner();
    const res = await client.post('/api/subscriptions', { name: 'Slack', catalogSlug: 'slack', seats: 40 });
    expect(res.statusCode).toBe(201);
    const slack = res.json();
    expect(slack).toMatchObject({
      catalogSlug: 'slack',
      vendorName: 'Salesforce',
      categoryName: 'Communication',
      pricingModel: 'per-seat',
      seats: 40,
      unitPriceMinor: 875,
      amountMinor: 35_000,
      currency: 'USD',
      url: 'https://slack.com',
    });
    const annual = await created(client, {
      name: 'Slack EU',
      catalogSlug: 'slack',
      billingCycle: 'annual',
      seats: 2,
    });
    // The month-to-month list price × 12 per seat, as the add form computes it.
    expect(annual).toMatchObject({ unitPriceMinor: 10_500, amountMinor: 21_000, vendorId: slack.vendorId });
    expect(annual.annualMinor).toBe(21_000);
    const vendors = (await client.get('/api/vendors')).json();
    expect(vendors.filter((v: { name: string }) => v.name === 'Salesforce')).toHaveLength(1);
    const priced = (
      await client.post('/api/subscriptions', { name: 'Zoom', catalogSlug: 'zoom', amountMinor: 5_000 })
    ).json();
    expect(priced).toMatchObject({
      pricingModel: 'flat',
      amountMinor: 5_000,
      logoUrl: '/api/catalog/zoom/logo.svg',
    });
    const logo = await server.app.inject({
      method: 'GET',
      url: priced.logoUrl,
      headers: { cookie: (await owner()).cookie },
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('<path');
  });

  it('answers 400 naming each bad field and stores nothing', async () => {
    const { client, orgId } = await owner();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['name']],
      [{ name: '   ' }, ['name']],
      [{ name: 'X', amountMinor: -1 }, ['amountMinor']],
      [{ name: 'X', amountMinor: 12.5 }, ['amountMinor']],
      [{ name: 'X', currency: 'XXX' }, ['currency']],
      [{ name: 'X', billingCycle: 'fortnightly' }, ['billingCycle']],
      [{ name: 'X', pricingModel: 'per-seat' }, ['seats', 'unitPriceMinor']],
      [{ name: 'X', billingCycle: 'multi-year' }, ['intervalMonths']],
      [{ name: 'X', billingCycle: 'multi-year', intervalMonths: 30 }, ['intervalMonths']],
      [{ name: 'X', nextRenewalDate: '2026-02-30' }, ['nextRenewalDate']],
      [{ name: 'X', url: 'javascript:alert(1)' }, ['url']],
      [{ name: 'X', catalogSlug: 'no-such-app' }, ['catalogSlug']],
      [{ name: 'X', contractTermMonths: 0 }, ['contractTermMonths']],
      [{ name: 'X', contractTermMonths: 1.5 }, ['contractTermMonths']],
      [{ name: 'X', contractTermMonths: 121 }, ['contractTermMonths']],
      [{ name: 'X', startDate: '2026-13-01' }, ['startDate']],
    ];
    for (const [payload, fields] of cases) {
      const res = await client.post('/api/subscriptions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_error');
      expect(body.fields.map((f: { field: string }) => f.field).sort()).toEqual(fields.sort());
    }
    expect(await count(orgId)).toBe(0);
  });
});

describe('finance fields', () => {
  it('stores department, payment method, tags, start date and contract term, and edits them', async () => {
    const { client } = await owner();
    const card = (await client.post('/api/settings/payment-methods', { name: 'Amex corporate' })).json();
    const tag = (await client.post('/api/settings/tags', { name: 'Critical' })).json();
    const res = await client.post('/api/subscriptions', {
      name: 'Figma',
      amountMinor: 45_000,
      department: 'CC-4100 Design',
      paymentMethodId: card.id,
      tagIds: [tag.id],
      startDate: '2026-01-15',
      contractTermMonths: 12,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      department: 'CC-4100 Design',
      paymentMethodName: 'Amex corporate',
      tagNames: ['Critical'],
      startDate: '2026-01-15',
      contractTermMonths: 12,
      termEndDate: '2027-01-14',
      nextRenewalDate: '2026-03-15',
    });
    const edited = await client.patch(`/api/subscriptions/${res.json().id}`, {
      contractTermMonths: 36,
      department: null,
    });
    expect(edited.json()).toMatchObject({
      contractTermMonths: 36,
      termEndDate: '2029-01-14',
      department: null,
    });
    const cleared = await client.patch(`/api/subscriptions/${res.json().id}`, { contractTermMonths: null });
    expect(cleared.json()).toMatchObject({ contractTermMonths: null, termEndDate: null });
  });
});

describe('GET /api/subscriptions/{id}, PATCH, history and activity', () => {
  it('records price changes with who, from and to; non-price edits only audit', async () => {
    const { client, id: userId } = await owner();
    const app = (await client.post('/api/subscriptions', { name: 'Figma', amountMinor: 4_500 })).json();
    clock.advance(60_000);
    const renamed = await client.patch(`/api/subscriptions/${app.id}`, {
      name: 'Figma Org',
      department: 'Design',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Figma Org', department: 'Design', amountMinor: 4_500 });
    const repriced = await client.patch(`/api/subscriptions/${app.id}`, {
      pricingModel: 'per-seat',
      seats: 5,
      unitPriceMinor: 1_500,
      billingCycle: 'annual',
    });
    expect(repriced.json()).toMatchObject({ amountMinor: 7_500, monthlyMinor: 625, annualMinor: 7_500 });
    const history = (await client.get(`/api/subscriptions/${app.id}/history`)).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      source: 'update',
      userId,
      userName: 'Ada Lovelace',
      effectiveDate: '2026-03-10',
      from: { pricingModel: 'flat', amountMinor: 4_500, billingCycle: 'monthly', monthlyMinor: 4_500 },
      to: {
        pricingModel: 'per-seat',
        amountMinor: 7_500,
        seats: 5,
        unitPriceMinor: 1_500,
        billingCycle: 'annual',
      },
    });
    expect(history[0].fields.sort()).toEqual(
      ['amountMinor', 'billingCycle', 'pricingModel', 'seats', 'unitPriceMinor'].sort(),
    );
    const activity = (await client.get(`/api/subscriptions/${app.id}/activity`)).json();
    expect(activity.map((a: { action: string }) => a.action).sort()).toEqual([
      'subscription.create',
      'subscription.update',
      'subscription.update',
    ]);
    const rename = activity.find((a: { changes: Record<string, unknown> }) => 'name' in a.changes);
    expect(rename.changes.name).toEqual({ from: 'Figma', to: 'Figma Org' });
    expect(rename.userName).toBe('Ada Lovelace');
  });

  it('checks the pricing rules on the merged record and leaves it unchanged on 400', async () => {
    const { client } = await owner();
    const app = (await client.post('/api/subscriptions', { name: 'Notion', amountMinor: 1_000 })).json();
    const res = await client.patch(`/api/subscriptions/${app.id}`, { pricingModel: 'per-seat' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['seats', 'unitPriceMinor']);
    expect((await client.patch(`/api/subscriptions/${app.id}`, {})).statusCode).toBe(400);
    expect((await client.get(`/api/subscriptions/${app.id}`)).json()).toMatchObject({
      pricingModel: 'flat',
      amountMinor: 1_000,
    });
    expect((await client.get(`/api/subscriptions/${app.id}/history`)).json()).toHaveLength(1);
  });

  it('archives on DELETE, hides from the list, restores', async () => {
    const { client, orgId } = await owner();
    const app = (await client.post('/api/subscriptions', { name: 'Old tool' })).json();
    expect((await client.delete(`/api/subscriptions/${app.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/subscriptions')).json().total).toBe(0);
    const archived = (await client.get('/api/subscriptions?archived=true')).json();
    expect(archived.items.map((a: { id: string }) => a.id)).toEqual([app.id]);
    expect(archived.items[0].archivedAt).toEqual(expect.any(String));
    expect((await client.get(`/api/subscriptions/${app.id}`)).statusCode).toBe(200);
    const restored = await client.post(`/api/subscriptions/${app.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().archivedAt).toBeNull();
    expect((await client.get('/api/subscriptions')).json().total).toBe(1);
    expect(await count(orgId)).toBe(1);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another tenant's application on every :id route and changes nothing", async () => {
    const a = await owner();
    const b = await owner();
    const theirs = (await b.client.post('/api/subscriptions', { name: 'Theirs', amountMinor: 100 })).json();
    const url = `/api/subscriptions/${theirs.id}`;
    const responses = [
      await a.client.get(url),
      await a.client.patch(url, { name: 'Mine now' }),
      await a.client.delete(url),
      await a.client.post(`${url}/restore`),
      await a.client.get(`${url}/history`),
      await a.client.get(`${url}/activity`),
      await a.client.post('/api/subscriptions/bulk', { ids: [theirs.id], set: { status: 'paused' } }),
      await a.client.post('/api/subscriptions/bulk-archive', { ids: [theirs.id] }),
    ];
    for (const res of responses) expect(res.statusCode).toBe(404);
    expect((await b.client.get(url)).json()).toMatchObject({
      name: 'Theirs',
      status: 'active',
      archivedAt: null,
    });
    expect((await a.client.get('/api/subscriptions/not-a-uuid')).statusCode).toBe(400);
  });

  it("refuses another tenant's category, tag, vendor or owner as references (400)", async () => {
    const a = await owner();
    const b = await owner();
    const [theirCategory] = (await b.client.get('/api/settings/categories')).json();
    const theirTag = (await b.client.post('/api/settings/tags', { name: 'Theirs' })).json();
    const theirApp = (
      await b.client.post('/api/subscriptions', { name: 'X', vendorName: 'Their vendor' })
    ).json();
    const res = await a.client.post('/api/subscriptions', {
      name: 'Sneaky',
      categoryId: theirCategory.id,
      tagIds: [theirTag.id],
      vendorId: theirApp.vendorId,
      ownerUserId: b.id,
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['categoryId', 'ownerUserId', 'tagIds', 'vendorId']);
    expect(await count(a.orgId)).toBe(0);
  });

  it('lets a viewer read but not write (403)', async () => {
    const { client, orgId } = await owner();
    const app = (await client.post('/api/subscriptions', { name: 'Readable' })).json();
    const viewer = await addMember(server.app, server.database.db, orgId, 'viewer');
    const v = api(server.app, viewer.cookie);
    expect((await v.get('/api/subscriptions')).json().total).toBe(1);
    expect((await v.get(`/api/subscriptions/${app.id}`)).statusCode).toBe(200);
    const writes = [
      await v.post('/api/subscriptions', { name: 'Nope' }),
      await v.patch(`/api/subscriptions/${app.id}`, { name: 'Nope' }),
      await v.delete(`/api/subscriptions/${app.id}`),
      await v.post(`/api/subscriptions/${app.id}/restore`),
      await v.post('/api/subscriptions/bulk', { ids: [app.id], set: { status: 'paused' } }),
      await v.post('/api/subscriptions/bulk-archive', { ids: [app.id] }),
      await v.post('/api/subscriptions/import/commit', { csv: 'Name\nX' }),
    ];
    for (const res of writes) expect(res.statusCode).toBe(403);
    expect((await client.get(`/api/subscriptions/${app.id}`)).json()).toMatchObject({
      name: 'Readable',
      archivedAt: null,
    });
    const member = await addMember(server.app, server.database.db, orgId, 'member');
    expect(
      (await api(server.app, member.cookie).post('/api/subscriptions', { name: 'Member app' })).statusCode,
    ).toBe(201);
  });
});

describe('price history storage', () => {
  it('keeps one row per change', async () => {
    const { client, orgId } = await owner();
    const app = await created(client, {
      name: 'Seats',
      pricingModel: 'per-seat',
      seats: 1,
      unitPriceMinor: 100,
    });
    for (const seats of [2, 3, 3]) await client.patch(`/api/subscriptions/${app.id}`, { seats });
    const rows = await server.database.db
      .select()
      .from(subscriptionPriceChanges)
      .where(eq(subscriptionPriceChanges.organizationId, orgId));
    expect(rows).toHaveLength(3);
  });
});
