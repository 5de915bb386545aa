import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner, setPlan } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
const clock = fixedClock('2026-03-10T12:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

type Item = { id: string; name: string };
const names = (body: { items: Item[] }) => body.items.map((i) => i.name);

async function stocked() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  const [design] = (await client.get('/api/settings/categories'))
    .json()
    .filter((c: { name: string }) => c.name === 'Design');
  const critical = (await client.post('/api/settings/tags', { name: 'Critical' })).json();
  const create = async (body: Record<string, unknown>) =>
    (await client.post('/api/subscriptions', body)).json();
  const figma = await create({
    name: 'Figma',
    vendorName: 'Figma Inc',
    categoryId: design.id,
    tagIds: [critical.id],
    amountMinor: 4_500,
    nextRenewalDate: '2026-03-20',
    department: 'Design',
    ownerUserId: owner.id,
  });
  const slack = await create({
    name: 'slack',
    vendorName: 'Salesforce',
    billingCycle: 'annual',
    amountMinor: 960_000,
    nextRenewalDate: '2026-09-01',
    department: 'Engineering',
  });
  const zoom = await create({
    name: 'Zoom',
    vendorName: 'Zoom Video',
    amountMinor: 1_500,
    nextRenewalDate: '2026-04-01',
    status: 'paused',
  });
  const miro = await create({
    name: 'Miro',
    vendorName: 'Miro',
    amountMinor: 2_000,
    currency: 'EUR',
    nextRenewalDate: '2026-03-12',
    notes: 'Whiteboards for design sprints',
  });
  const trial = await create({ name: 'Linear', amountMinor: 800, status: 'trial' });
  return { owner, client, design, critical, figma, slack, zoom, miro, trial };
}

describe('GET /api/subscriptions', () => {
  it('lists live applications by name with derived fields and names of references', async () => {
    const { client, figma, owner } = await stocked();
    const body = (await client.get('/api/subscriptions')).json();
    expect(names(body)).toEqual(['Figma', 'Linear', 'Miro', 'slack', 'Zoom']);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    expect(body.items[0]).toMatchObject({
      id: figma.id,
      vendorName: 'Figma Inc',
      categoryName: 'Design',
      tagNames: ['Critical'],
      ownerName: 'Ada Lovelace',
      ownerEmail: owner.email,
      daysUntilRenewal: 10,
      monthlyMinor: 4_500,
    });
  });

  it('totals the filtered set: spend of active and trial apps in the org currency, every currency apart', async () => {
    const { client } = await stocked();
    const { totals } = (await client.get('/api/subscriptions')).json();
    // Figma 4 500 + slack 80 000 + Linear 800 (trial); Zoom is paused; Miro is in EUR.
    expect(totals).toMatchObject({ count: 5, currency: 'USD', monthlyMinor: 85_300, annualMinor: 1_023_600 });
    expect(totals.byCurrency).toEqual([
      { currency: 'EUR', count: 1, monthlyMinor: 2_000, annualMinor: 24_000 },
      { currency: 'USD', count: 4, monthlyMinor: 85_300, annualMinor: 1_023_600 },
    ]);
  });

  it('filters by status, category, tag, owner, department, vendor, renewal window, search and archive state', async () => {
    const { client, design, critical, owner, slack, zoom } = await stocked();
    const get = async (q: string) => names((await client.get(`/api/subscriptions?${q}`)).json());
    expect(await get('status=paused')).toEqual(['Zoom']);
    expect(await get(`categoryId=${design.id}`)).toEqual(['Figma']);
    expect(await get(`tagId=${critical.id}`)).toEqual(['Figma']);
    expect(await get(`ownerUserId=${owner.id}`)).toEqual(['Figma']);
    expect(await get('department=engineering')).toEqual(['slack']);
    expect(await get(`vendorId=${zoom.vendorId}`)).toEqual(['Zoom']);
    // The next N days are today through today + N − 1 (Figma renews on day 10, the 11th), and a
    // paused application does not renew: the dashboard's and the Renewals page's definition.
    expect(await get('renewalWithinDays=10')).toEqual(['Miro']);
    expect(await get('renewalWithinDays=11')).toEqual(['Figma', 'Miro']);
    expect(await get('renewalWithinDays=30')).toEqual(['Figma', 'Miro']);
    expect(await get('q=sales')).toEqual(['slack']); // vendor name
    expect(await get('q=SPRINT')).toEqual(['Miro']); // notes
    expect(await get('q=50%25')).toEqual([]); // wildcards match literally
    await client.delete(`/api/subscriptions/${slack.id}`);
    expect(await get('')).toEqual(['Figma', 'Linear', 'Miro', 'Zoom']);
    expect(await get('archived=true')).toEqual(['slack']);
    expect(await get('archived=all')).toHaveLength(5);
    const filtered = (await client.get('/api/subscriptions?status=paused')).json();
    expect(filtered.totals).toMatchObject({ count: 1, monthlyMinor: 0 });
  });

  it('sorts by monthly cost, renewal date, vendor and creation, both ways, and pages', async () => {
    const { client } = await stocked();
    const get = async (q: string) => names((await client.get(`/api/subscriptions?${q}`)).json());
    expect(await get('sort=monthlyCost&order=desc')).toEqual(['slack', 'Figma', 'Miro', 'Zoom', 'Linear']);
    // Linear was added without a date: it renews a month after it was added (2026-04-10).
    expect(await get('sort=renewalDate')).toEqual(['Miro', 'Figma', 'Zoom', 'Linear', 'slack']);
    expect(await get('sort=renewalDate&order=desc')).toEqual(['slack', 'Linear', 'Zoom', 'Figma', 'Miro']);
    expect(await get('sort=vendor')).toEqual(['Figma', 'Miro', 'slack', 'Zoom', 'Linear']);
    expect(await get('sort=createdAt&order=desc')).toHaveLength(5);
    const page2 = (await client.get('/api/subscriptions?pageSize=2&page=2')).json();
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(page2)).toEqual(['Miro', 'slack']);
    expect((await client.get('/api/subscriptions?pageSize=501')).statusCode).toBe(400);
    expect((await client.get('/api/subscriptions?sort=price')).statusCode).toBe(400);
  });
});

describe('bulk actions', () => {
  it('sets owner, category, tags and status on many applications with one audit event each', async () => {
    const { client, owner, design, critical, slack, zoom, figma } = await stocked();
    const review = (await client.post('/api/settings/tags', { name: 'Review' })).json();
    const res = await client.post('/api/subscriptions/bulk', {
      ids: [slack.id, zoom.id],
      set: {
        ownerUserId: owner.id,
        categoryId: design.id,
        addTagIds: [critical.id, review.id],
        status: 'active',
      },
    });
    expect(res.json()).toEqual({ updated: 2 });
    const after = (await client.get(`/api/subscriptions?tagId=${review.id}`)).json();
    expect(names(after)).toEqual(['slack', 'Zoom']);
    expect(after.items[0]).toMatchObject({
      ownerUserId: owner.id,
      categoryName: 'Design',
      status: 'active',
      tagNames: ['Critical', 'Review'],
    });
    await client.post('/api/subscriptions/bulk', {
      ids: [slack.id, figma.id],
      set: { removeTagIds: [critical.id] },
    });
    expect((await client.get(`/api/subscriptions/${figma.id}`)).json().tagIds).toEqual([]);
    expect((await client.get(`/api/subscriptions/${slack.id}`)).json().tagIds).toEqual([review.id]);
    await client.post('/api/subscriptions/bulk', { ids: [slack.id], set: { tagIds: [] } });
    expect((await client.get(`/api/subscriptions/${slack.id}`)).json().tagIds).toEqual([]);
    const activity = (await client.get(`/api/subscriptions/${zoom.id}/activity`)).json();
    expect(activity.map((a: { action: string }) => a.action)).toContain('subscription.bulk_update');
  });

  it('validates bulk input and archives many at once', async () => {
    const { client, slack, zoom } = await stocked();
    expect(
      (await client.post('/api/subscriptions/bulk', { ids: [], set: { status: 'paused' } })).statusCode,
    ).toBe(400);
    expect((await client.post('/api/subscriptions/bulk', { ids: [slack.id], set: {} })).statusCode).toBe(400);
    expect(
      (await client.post('/api/subscriptions/bulk', { ids: [slack.id], set: { status: 'gone' } })).statusCode,
    ).toBe(400);
    const res = await client.post('/api/subscriptions/bulk-archive', { ids: [slack.id, zoom.id, slack.id] });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await client.get('/api/subscriptions')).json().total).toBe(3);
  });
});

describe('Starter plan limit', () => {
  it('allows 15 applications, refuses the 16th with plan_limit, and lifts on Growth', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    for (let i = 1; i <= 15; i += 1) {
      expect((await client.post('/api/subscriptions', { name: `App ${i}` })).statusCode).toBe(201);
    }
    const refused = await client.post('/api/subscriptions', { name: 'App 16' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_limit', limit: 15, requiredPlan: 'pro' });
    expect(refused.json().message).toContain('15 applications');
    expect((await client.get('/api/subscriptions')).json().total).toBe(15);

    // Archiving frees a slot; restoring into a full plan is refused.
    const [first] = (await client.get('/api/subscriptions')).json().items;
    await client.delete(`/api/subscriptions/${first.id}`);
    expect((await client.post('/api/subscriptions', { name: 'App 16' })).statusCode).toBe(201);
    expect((await client.post(`/api/subscriptions/${first.id}/restore`)).json().code).toBe('plan_limit');

    const member = await addMember(server.app, server.database.db, owner.orgId, 'member');
    expect((await api(server.app, member.cookie).post('/api/subscriptions', { name: 'X' })).statusCode).toBe(
      403,
    );

    await setPlan(server.database.db, owner.orgId, 'pro');
    expect((await client.post('/api/subscriptions', { name: 'App 17' })).statusCode).toBe(201);
    expect((await client.post(`/api/subscriptions/${first.id}/restore`)).statusCode).toBe(200);
  });
});
