// The benchmarks API (issue 17): list-price comparison, plan gates (Starter's 3 tools, Growth list
// only, Scale peers and offers), roles, tenancy, the renewals column, operator offers and requests.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { benchmarkSettings, groupOfferRequests, outbox } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  addMemberWithSession,
  api,
  buildOrgOwner,
  buildSubscription,
  pricedApp,
  setOrganization,
} from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

// ChatApp: a catalogue entry with confirmed prices (see test/catalog-mock.ts).
vi.mock('../../../common/catalog', async (importOriginal) =>
  (await import('./test/catalog-mock')).withChatApp(await importOriginal()),
);

const TOKEN = 'operator-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({
    clock: fixedClock('2026-11-25T12:00:00Z'),
    env: { OPERATOR_TOKEN: TOKEN, OPERATOR_EMAIL: 'deals@operator.example' },
  });
});
afterAll(() => server.close());
const db = () => server.database.db;

async function orgOn(plan: 'starter' | 'pro' | 'scale') {
  const owner = await buildOrgOwner(server.app);
  await setOrganization(db(), owner.orgId, { subscriptionPlan: plan });
  return { ...owner, client: api(server.app, owner.cookie) };
}

const operator = (method: 'GET' | 'POST' | 'DELETE', url: string, token = TOKEN, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: payload ? JSON.stringify(payload) : undefined,
  });

describe('GET /api/benchmarks/:subscriptionId', () => {
  it('Growth: every application against the list price; peers need Scale; no offers', async () => {
    const org = await orgOn('pro');
    const app = await pricedApp(db(), org.orgId, 1200);
    const response = await org.client.get(`/api/benchmarks/${app.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      subscriptionId: app.id,
      catalogSlug: 'chatapp',
      selected: true,
      offers: [],
    });
    expect(body.prices).toHaveLength(1);
    expect(body.prices[0]).toMatchObject({
      price: {
        tierName: 'Pro',
        unit: 'user',
        perMonthMinor: 1200,
        seats: 10,
        seatBand: '1-10',
        term: 'monthly',
        yearlyMinor: 144_000,
      },
      list: {
        plan: 'Pro',
        planMatched: true,
        comparedWith: 'month',
        differencePercent: 20,
        differenceYearlyMinor: 24_000,
      },
      listUnavailable: null,
      peer: null,
      peerUnavailable: 'plan',
    });
  });

  it('usage-priced and uncatalogued applications say why there is no comparison', async () => {
    const org = await orgOn('pro');
    const usage = await buildSubscription(db(), org.orgId, {
      catalogSlug: 'chatapp',
      pricingModel: 'usage',
      amountMinor: 5000,
    });
    const plain = await buildSubscription(db(), org.orgId, { catalogSlug: null });
    expect((await org.client.get(`/api/benchmarks/${usage.id}`)).json().prices[0].listUnavailable).toBe(
      'no_price',
    );
    expect((await org.client.get(`/api/benchmarks/${plain.id}`)).json().prices[0].listUnavailable).toBe(
      'not_in_catalog',
    );
  });

  it("another organization's application is 404, an unknown one too", async () => {
    const mine = await orgOn('scale');
    const theirs = await orgOn('scale');
    const app = await pricedApp(db(), theirs.orgId, 1200);
    expect((await mine.client.get(`/api/benchmarks/${app.id}`)).statusCode).toBe(404);
    expect((await mine.client.get('/api/benchmarks/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('a viewer reads benchmarks but cannot change peer sharing; an admin can', async () => {
    const org = await orgOn('scale');
    const app = await pricedApp(db(), org.orgId, 1200);
    const viewer = await addMemberWithSession(db(), org.orgId, 'viewer');
    const member = await addMemberWithSession(db(), org.orgId, 'member');
    const admin = await addMemberWithSession(db(), org.orgId, 'admin');
    expect((await api(server.app, viewer.cookie).get(`/api/benchmarks/${app.id}`)).statusCode).toBe(200);
    expect((await api(server.app, viewer.cookie).get('/api/benchmarks/settings')).json()).toEqual({
      peerSharing: true,
    });
    expect(
      (await api(server.app, viewer.cookie).patch('/api/benchmarks/settings', { peerSharing: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(server.app, member.cookie).patch('/api/benchmarks/settings', { peerSharing: false }))
        .statusCode,
    ).toBe(403);
    const changed = await api(server.app, admin.cookie).patch('/api/benchmarks/settings', {
      peerSharing: false,
    });
    expect(changed.json()).toEqual({ peerSharing: false });
    expect((await org.client.patch('/api/benchmarks/settings', { peerSharing: 'no' })).statusCode).toBe(400);
  });
});

describe('grace period after a Scale trial', () => {
  it('reads as on the trial plan (peers judged, no Starter gate); writes are refused read-only', async () => {
    const org = await orgOn('starter');
    const app = await pricedApp(db(), org.orgId, 1200);
    await setOrganization(db(), org.orgId, {
      accountStatus: 'grace_readonly',
      trialPlan: 'scale',
      trialEndsAt: new Date('2026-11-20T00:00:00Z'),
      graceEndsAt: new Date('2026-11-27T00:00:00Z'),
    });
    const body = (await org.client.get(`/api/benchmarks/${app.id}`)).json();
    expect(body).toMatchObject({
      selected: true,
      prices: [{ listUnavailable: null, peerUnavailable: 'installation_too_small' }],
    });
    const write = await org.client.put('/api/benchmarks/selection', { subscriptionIds: [app.id] });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('read_only');
  });
});

describe('Starter: three benchmark tools of its choice', () => {
  it('unselected applications are not benchmarked; 3 may be chosen, a 4th is 403 plan_limit and nothing is stored', async () => {
    const org = await orgOn('starter');
    const apps = [];
    for (let i = 0; i < 4; i += 1) apps.push(await pricedApp(db(), org.orgId, 1200));
    const before = (await org.client.get(`/api/benchmarks/${apps[0].id}`)).json();
    expect(before).toMatchObject({
      selected: false,
      prices: [{ list: null, listUnavailable: 'not_selected' }],
    });

    const three = apps.slice(0, 3).map((a) => a.id);
    const ok = await org.client.put('/api/benchmarks/selection', { subscriptionIds: three });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ subscriptionIds: three, limit: 3 });
    const after = (await org.client.get(`/api/benchmarks/${apps[0].id}`)).json();
    expect(after).toMatchObject({
      selected: true,
      prices: [{ listUnavailable: null, peerUnavailable: 'plan' }],
    });

    const four = await org.client.put('/api/benchmarks/selection', {
      subscriptionIds: apps.map((a) => a.id),
    });
    expect(four.statusCode).toBe(403);
    expect(four.json()).toMatchObject({
      code: 'plan_limit',
      kind: 'benchmarkTools',
      limit: 3,
      requiredPlan: 'pro',
    });
    const [stored] = await db()
      .select()
      .from(benchmarkSettings)
      .where(eq(benchmarkSettings.organizationId, org.orgId));
    expect(stored.selectedSubscriptionIds).toEqual(three);
  });

  it("another organization's application cannot be selected (404, nothing stored)", async () => {
    const org = await orgOn('starter');
    const other = await orgOn('starter');
    const theirs = await pricedApp(db(), other.orgId, 1200);
    expect(
      (await org.client.put('/api/benchmarks/selection', { subscriptionIds: [theirs.id] })).statusCode,
    ).toBe(404);
    expect(
      await db().select().from(benchmarkSettings).where(eq(benchmarkSettings.organizationId, org.orgId)),
    ).toEqual([]);
  });

  it('Growth and Scale have no limit', async () => {
    const org = await orgOn('pro');
    expect((await org.client.get('/api/benchmarks/selection')).json()).toEqual({
      subscriptionIds: [],
      limit: null,
    });
  });
});

describe('GET /api/benchmarks?catalogSlug=&tier=', () => {
  it("lists a catalogue application's confirmed plans in the organization currency", async () => {
    const org = await orgOn('pro');
    const body = (await org.client.get('/api/benchmarks?catalogSlug=chatapp')).json();
    expect(body.plans.map((p: { plan: string }) => p.plan)).toEqual(['Pro', 'Business']);
    expect(body.plans[0].annual).toMatchObject({ perMonthMinor: 800, converted: false });
    expect(body.peerUnavailable).toBe('plan');
    const one = (await org.client.get('/api/benchmarks?catalogSlug=chatapp&tier=Business%20seats')).json();
    expect(one.plans.map((p: { plan: string }) => p.plan)).toEqual(['Business']);
    expect((await org.client.get('/api/benchmarks?catalogSlug=nope-not-here')).statusCode).toBe(404);
  });
});

describe('GET /api/benchmarks/renewals', () => {
  it('one row per renewal in the window', async () => {
    const org = await orgOn('pro');
    const soon = await pricedApp(db(), org.orgId, 1200);
    const plain = await buildSubscription(db(), org.orgId, {
      catalogSlug: null,
      nextRenewalDate: '2026-12-10',
    });
    const later = await buildSubscription(db(), org.orgId, { nextRenewalDate: '2027-09-01' });
    const body = (await org.client.get('/api/benchmarks/renewals?window=30')).json();
    const ids = body.items.map((i: { subscriptionId: string }) => i.subscriptionId);
    expect(ids).toContain(soon.id);
    expect(ids).toContain(plain.id);
    expect(ids).not.toContain(later.id);
    expect(body.items.find((i: { subscriptionId: string }) => i.subscriptionId === soon.id)).toEqual({
      subscriptionId: soon.id,
      listDifferencePercent: 20,
      peerPercentile: null,
    });
    expect((await org.client.get('/api/benchmarks/renewals?window=7')).statusCode).toBe(400);
  });
});

describe('group purchasing', () => {
  it('operator endpoints: wrong token 401, bad body 400, create, list, delete', async () => {
    expect((await operator('GET', '/api/operator/offers', 'wrong-token-0123456789')).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/operator/offers' })).statusCode).toBe(401);
    expect(
      (
        await operator('POST', '/api/operator/offers', TOKEN, {
          catalogSlug: 'chatapp',
          title: '',
          discountPercent: 0,
        })
      ).statusCode,
    ).toBe(400);
    const created = await operator('POST', '/api/operator/offers', TOKEN, {
      catalogSlug: 'chatapp',
      title: 'ChatApp Pro at 20% off',
      discountPercent: 20,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(
      (await operator('GET', '/api/operator/offers')).json().items.map((o: { id: string }) => o.id),
    ).toContain(id);
    expect((await operator('DELETE', `/api/operator/offers/${id}`)).statusCode).toBe(204);
    expect((await operator('DELETE', `/api/operator/offers/${id}`)).statusCode).toBe(404);
  });

  it('Scale sees unexpired offers and asks once (the operator is e-mailed once); Growth neither sees nor asks', async () => {
    const offer = (
      await operator('POST', '/api/operator/offers', TOKEN, {
        catalogSlug: 'chatapp',
        title: 'Group deal',
        discountPercent: 15,
      })
    ).json();
    await operator('POST', '/api/operator/offers', TOKEN, {
      catalogSlug: 'chatapp',
      title: 'Expired deal',
      discountPercent: 30,
      expiresOn: '2026-01-01',
    });
    const scale = await orgOn('scale');
    const app = await pricedApp(db(), scale.orgId, 1200);
    const seen = (await scale.client.get(`/api/benchmarks/${app.id}`)).json().offers;
    expect(seen.map((o: { title: string }) => o.title)).toEqual(['Group deal']);
    expect(seen[0].requestedAt).toBeNull();

    const asked = await scale.client.post(`/api/benchmarks/offers/${offer.id}/request`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().requestedAt).not.toBeNull();
    await scale.client.post(`/api/benchmarks/offers/${offer.id}/request`);
    const mails = await db().select().from(outbox).where(eq(outbox.to, 'deals@operator.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Group offer requested: Group deal');
    expect(
      await db().select().from(groupOfferRequests).where(eq(groupOfferRequests.organizationId, scale.orgId)),
    ).toHaveLength(1);

    const growth = await orgOn('pro');
    const growthApp = await pricedApp(db(), growth.orgId, 1200);
    expect((await growth.client.get(`/api/benchmarks/${growthApp.id}`)).json().offers).toEqual([]);
    const refused = await growth.client.post(`/api/benchmarks/offers/${offer.id}/request`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_required');
  });
});

describe('GROUP_OFFERS_FILE', () => {
  it('loads the file at start (replacing the previous file’s offers); a bad file stops the start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'offers-'));
    const file = path.join(dir, 'offers.json');
    const start = () =>
      getTestServer({ database: server.database, env: { GROUP_OFFERS_FILE: file, OPERATOR_TOKEN: TOKEN } });
    writeFileSync(
      file,
      JSON.stringify([{ catalogSlug: 'chatapp', title: 'From the file', discountPercent: 12 }]),
    );
    const first = await start();
    await first.close();
    writeFileSync(
      file,
      JSON.stringify([{ catalogSlug: 'chatapp', title: 'File, second edition', discountPercent: 14 }]),
    );
    const second = await start();
    await second.close();
    const titles = (await operator('GET', '/api/operator/offers'))
      .json()
      .items.map((o: { title: string }) => o.title);
    expect(titles).toContain('File, second edition');
    expect(titles).not.toContain('From the file');
    writeFileSync(file, JSON.stringify([{ catalogSlug: 'chatapp', title: '', discountPercent: 140 }]));
    await expect(start()).rejects.toThrow(/GROUP_OFFERS_FILE/);
  });
});

describe('operator endpoints without OPERATOR_TOKEN', () => {
  it('do not exist (404)', async () => {
    const bare = await getTestServer({ database: server.database });
    try {
      const response = await bare.app.inject({
        method: 'GET',
        url: '/api/operator/offers',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
