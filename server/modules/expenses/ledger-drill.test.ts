// The ledger accepts every filter an analytics drill-down sends, with the analytics rule: an
// expense's own category, department and vendor win over its application's.
import { describe, expect, it } from 'vitest';
import { fxRates, settingsItems, vendors } from '../../db/schema';
import { api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { fixedClock } from '../../lib/clock';

const server = useTestServer({ clock: fixedClock('2026-06-15T12:00:00Z') });

async function setup() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  const orgId = owner.orgId;
  const [video, office, card] = await db
    .insert(settingsItems)
    .values([
      { organizationId: orgId, kind: 'categories', name: 'Video' },
      { organizationId: orgId, kind: 'categories', name: 'Office' },
      { organizationId: orgId, kind: 'payment-methods', name: 'Amex 1007' },
    ])
    .returning();
  const [zoomInc, acme] = await db
    .insert(vendors)
    .values([
      { organizationId: orgId, name: 'Zoom Inc' },
      { organizationId: orgId, name: 'Acme' },
    ])
    .returning();
  const zoom = await buildSubscription(db, orgId, {
    name: 'Zoom',
    categoryId: video.id,
    vendorId: zoomInc.id,
    department: 'Engineering',
    ownerUserId: owner.id,
  });
  const slack = await buildSubscription(db, orgId, {
    name: 'Slack',
    department: 'Sales',
    paymentMethodId: card.id,
  });
  const client = api(server.app, owner.cookie);
  const add = async (body: Record<string, unknown>) => {
    const response = await client.post('/api/expenses', { date: '2026-03-10', currency: 'USD', ...body });
    expect(response.statusCode).toBe(201);
  };
  // 1: Zoom's charge with nothing of its own → counts under Zoom's category, vendor, department, owner.
  await add({ amountMinor: 1000, merchant: 'ZOOM', subscriptionId: zoom.id });
  // 2: Zoom's charge with its own category, vendor and department → those win.
  await add({
    amountMinor: 2000,
    merchant: 'ZOOM WEBINAR',
    subscriptionId: zoom.id,
    categoryId: office.id,
    vendorId: acme.id,
    department: 'Marketing',
  });
  // 3: Slack's charge in February.
  await add({ amountMinor: 4000, merchant: 'SLACK', subscriptionId: slack.id, date: '2026-02-10' });
  // 4: a charge matched to no application, with its own category.
  await add({ amountMinor: 8000, merchant: 'ACME WIDGETS', subscriptionId: null, categoryId: video.id });
  return { owner, client, zoom, slack, video, office, zoomInc, acme, card };
}

/** The USD total of the ledger for a query: the figure a drill-down checks against. */
async function usd(client: ReturnType<typeof api>, query: string) {
  const body = (await client.get(`/api/expenses/totals?${query}`)).json();
  return body.totals.find((t: { currency: string }) => t.currency === 'USD')?.amountMinor ?? 0;
}

describe('ledger drill-down filters', () => {
  it('filters by category, vendor and department with the expense’s own value winning', async () => {
    const { client, video, office, zoomInc, acme } = await setup();
    expect(await usd(client, `categoryId=${video.id}`)).toBe(1000 + 8000);
    expect(await usd(client, `categoryId=${office.id}`)).toBe(2000);
    expect(await usd(client, `vendorId=${zoomInc.id}`)).toBe(1000);
    expect(await usd(client, `vendorId=${acme.id}`)).toBe(2000);
    expect(await usd(client, 'department=Engineering')).toBe(1000);
    expect(await usd(client, 'department=Marketing')).toBe(2000);
    expect(await usd(client, 'department=Sales')).toBe(4000);
    const list = (await client.get(`/api/expenses?categoryId=${video.id}`)).json();
    expect(list.items.map((e: { merchant: string }) => e.merchant).sort()).toEqual(['ACME WIDGETS', 'ZOOM']);
  });

  it('selects the groups with nothing, own or inherited, and payment methods by the same rule', async () => {
    const { client, card } = await setup();
    expect(await usd(client, 'noCategory=true')).toBe(4000);
    expect(await usd(client, 'noVendor=true')).toBe(4000 + 8000);
    expect(await usd(client, 'noDepartment=true')).toBe(8000);
    expect(await usd(client, 'noOwner=true')).toBe(4000 + 8000);
    expect(await usd(client, `paymentMethodId=${card.id}`)).toBe(4000);
    expect(await usd(client, 'noPaymentMethod=true')).toBe(1000 + 2000 + 8000);
    expect(await usd(client, 'noCategory=false')).toBe(15000);
  });

  it('filters by owner, no application, application and period together', async () => {
    const { client, owner, slack } = await setup();
    expect(await usd(client, `ownerId=${owner.id}`)).toBe(3000);
    expect(await usd(client, 'unmatched=true')).toBe(8000);
    expect(await usd(client, 'unmatched=false')).toBe(15000);
    expect(await usd(client, `subscriptionId=${slack.id}&from=2026-02-01&to=2026-02-28`)).toBe(4000);
    expect(await usd(client, 'department=Sales&from=2026-03-01&to=2026-03-31')).toBe(0);
  });

  it('refuses bad drill values with 400', async () => {
    const { client } = await setup();
    const bad = [
      'vendorId=nope',
      'ownerId=1',
      'unmatched=maybe',
      'noVendor=yes',
      `department=${'x'.repeat(101)}`,
    ];
    for (const query of bad) {
      expect((await client.get(`/api/expenses?${query}`)).statusCode).toBe(400);
    }
  });

  it('never shows another tenant’s charges for its ids', async () => {
    const theirs = await setup();
    const mine = await setup();
    expect(await usd(mine.client, `categoryId=${theirs.video.id}`)).toBe(0);
    expect(await usd(mine.client, `vendorId=${theirs.zoomInc.id}`)).toBe(0);
    expect(await usd(mine.client, `ownerId=${theirs.owner.id}`)).toBe(0);
    const page = (await mine.client.get(`/api/expenses?subscriptionId=${theirs.zoom.id}`)).json();
    expect(page.items).toEqual([]);
  });
});

describe('the ledger total in the organization currency', () => {
  it('converts each charge at its date as analytics does, and lists charges with no rate apart', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await server.database.db.insert(fxRates).values([
      { organizationId: owner.orgId, date: '2026-03-01', base: 'EUR', quote: 'USD', rate: '1.100000000000' },
      { organizationId: owner.orgId, date: '2026-03-20', base: 'EUR', quote: 'USD', rate: '1.200000000000' },
    ]);
    const charges = [
      { date: '2026-03-05', amountMinor: 1000, currency: 'EUR', department: 'Sales' },
      { date: '2026-03-21', amountMinor: 1000, currency: 'EUR', department: 'Sales' },
      { date: '2026-03-05', amountMinor: 500, currency: 'USD', department: 'Sales' },
      { date: '2026-03-05', amountMinor: 700, currency: 'GBP' },
    ];
    for (const charge of charges) {
      expect((await client.post('/api/expenses', { merchant: 'ACME', ...charge })).statusCode).toBe(201);
    }
    const all = (await client.get('/api/expenses/totals?convert=true')).json();
    expect(all.converted).toEqual({
      currency: 'USD',
      amountMinor: 500 + 1100 + 1200,
      unconverted: [{ currency: 'GBP', amountMinor: 700, count: 1 }],
    });
    const sales = (
      await client.get('/api/expenses/totals?convert=true&department=Sales&to=2026-03-10')
    ).json();
    expect(sales.converted).toEqual({ currency: 'USD', amountMinor: 500 + 1100, unconverted: [] });
    expect((await client.get('/api/expenses/totals')).json()).not.toHaveProperty('converted');
    expect((await client.get('/api/expenses/totals?convert=maybe')).statusCode).toBe(400);
  });
});
