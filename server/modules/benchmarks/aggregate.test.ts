// The nightly peer aggregation: k-anonymity (a cell needs 5 organizations, an organization counts
// once), opt-out, what a Scale organization then sees, and one run a day however many servers.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobRuns, peerBenchmarkRuns, peerBenchmarks } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, peerOrg, pricedApp, setOrganization } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { aggregatePeerBenchmarks } from './aggregate.repo';
import { peerBenchmarksTask } from './aggregate.job';

// ChatApp: a catalogue entry with confirmed prices (see test/catalog-mock.ts).
vi.mock('../../../common/catalog', async (importOriginal) =>
  (await import('./test/catalog-mock')).withChatApp(await importOriginal()),
);

const NOW = '2026-11-25T03:00:00Z';
let server: TestServer;
const clock = fixedClock(NOW);
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());
const db = () => server.database.db;
const aggregate = () => aggregatePeerBenchmarks(db(), clock.now());

let me: { client: ReturnType<typeof api>; appId: string; orgId: string };

describe('peer benchmark aggregation', () => {
  it('4 organizations: no peer data (the installation is too small)', async () => {
    const owner = await buildOrgOwner(server.app);
    await setOrganization(db(), owner.orgId, { subscriptionPlan: 'scale' });
    const app = await pricedApp(db(), owner.orgId, 1200);
    me = { client: api(server.app, owner.cookie), appId: app.id, orgId: owner.orgId };
    for (const price of [1000, 1100, 1300]) await peerOrg(db(), price);
    expect(await aggregate()).toEqual({ contributors: 4, cells: 0 });
    expect(await db().select().from(peerBenchmarks)).toEqual([]);
    const body = (await me.client.get(`/api/benchmarks/${me.appId}`)).json();
    expect(body.prices[0]).toMatchObject({ peer: null, peerUnavailable: 'installation_too_small' });
  });

  it('5 organizations: quartiles of the per-seat monthly price, in a cell of 5', async () => {
    await peerOrg(db(), 1400);
    expect(await aggregate()).toEqual({ contributors: 5, cells: 1 });
    const [cell] = await db().select().from(peerBenchmarks);
    expect(cell).toMatchObject({
      catalogSlug: 'chatapp',
      plan: 'Pro',
      seatBand: '1-10',
      term: 'monthly',
      unit: 'user',
      currency: 'USD',
      p25Minor: 1100,
      medianMinor: 1200,
      p75Minor: 1300,
      organizations: 5,
    });
    const body = (await me.client.get(`/api/benchmarks/${me.appId}`)).json();
    expect(body.prices[0].peerUnavailable).toBeNull();
    expect(body.prices[0].peer).toMatchObject({
      medianMinor: 1200,
      organizations: 5,
      percentile: 50,
      currency: 'USD',
    });
  });

  it("one organization's two subscriptions count once (its mean)", async () => {
    // A second ChatApp Pro application at 1800: this organization's mean is (1200 + 1800) / 2 = 1500.
    await pricedApp(db(), me.orgId, 1800);
    await aggregate();
    const [cell] = await db().select().from(peerBenchmarks);
    expect(cell.organizations).toBe(5);
    expect(cell.medianMinor).toBe(1300);
  });

  it('a cell below 5 organizations is not stored, though the installation is large enough', async () => {
    for (const price of [500, 600, 700, 800]) await peerOrg(db(), price, { slug: 'other-tool' });
    const result = await aggregate();
    expect(result.contributors).toBe(9);
    const cells = await db().select().from(peerBenchmarks);
    expect(cells.map((c) => c.catalogSlug)).toEqual(['chatapp']);
  });

  it('opting out: no contribution, and no peer data shown', async () => {
    expect((await me.client.patch('/api/benchmarks/settings', { peerSharing: false })).json()).toEqual({
      peerSharing: false,
    });
    expect(await aggregate()).toEqual({ contributors: 8, cells: 0 });
    const body = (await me.client.get(`/api/benchmarks/${me.appId}`)).json();
    expect(body.prices[0]).toMatchObject({ peer: null, peerUnavailable: 'opted_out' });
    await me.client.patch('/api/benchmarks/settings', { peerSharing: true });
  });

  it('runs once a day on however many servers', async () => {
    const second = await getTestServer({ clock, database: server.database });
    try {
      const [a, b] = await Promise.all([
        peerBenchmarksTask.run(server.app.deps),
        peerBenchmarksTask.run(second.app.deps),
      ]);
      expect([a, b].filter((r) => r !== null)).toHaveLength(1);
      expect(await peerBenchmarksTask.run(server.app.deps)).toBeNull();
      const claims = await db()
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, 'peer-benchmarks'), eq(jobRuns.runDate, '2026-11-25')));
      expect(claims).toHaveLength(1);
      expect(claims[0].status).toBe('done');
      clock.set('2026-11-26T03:00:00Z');
      expect(await peerBenchmarksTask.run(second.app.deps)).not.toBeNull();
      expect((await db().select().from(peerBenchmarkRuns)).map((r) => r.runDate).sort()).toEqual([
        '2026-11-25',
        '2026-11-26',
      ]);
    } finally {
      clock.set(NOW);
      await second.close();
    }
  });
});
