import { eq, inArray, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PEER_MIN_ORGANIZATIONS } from '../../common/contracts/benchmarks';
import {
  jobRuns,
  licensePools,
  memberships,
  organizations,
  outbox,
  subscriptions,
} from '../../server/db/schema';
import { dailyJobs } from '../../server/jobs';
import { createScheduler } from '../../server/jobs/scheduler';
import { fixedClock } from '../../server/lib/clock';
import { listOrganizationIds } from '../../server/modules/organizations';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';
import { DEMO_PEERS, demoPeerId, seatBandOf } from './demo-peers';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

const peerIds = DEMO_PEERS.map((_, i) => demoPeerId(i));

async function loadDemo() {
  const owner = await buildOrgOwner(server.app);
  expect((await api(server.app, owner.cookie).post('/api/demo')).statusCode).toBe(201);
  return owner;
}

/** Every organization's benchmark cells: application × tier × seat band × terms × currency. */
async function cellsOf(orgIds: string[]) {
  const db = server.database.db;
  const apps = await db.select().from(subscriptions).where(inArray(subscriptions.organizationId, orgIds));
  const pools = await db.select().from(licensePools).where(inArray(licensePools.organizationId, orgIds));
  const cells = new Map<string, Set<string>>();
  for (const app of apps) {
    if (!app.catalogSlug || app.status === 'cancelled' || app.pricingModel === 'usage') continue;
    const terms = [
      app.catalogSlug,
      app.billingCycle,
      app.intervalMonths,
      app.contractTermMonths,
      app.currency,
    ];
    const tiers = pools.filter((p) => p.subscriptionId === app.id);
    const keys =
      tiers.length > 0
        ? tiers.map((t) => [...terms, t.tierName, seatBandOf(t.seats!)].join('|'))
        : [[...terms, app.pricingModel, app.seats ? seatBandOf(app.seats) : 'flat'].join('|')];
    for (const key of keys) cells.set(key, (cells.get(key) ?? new Set()).add(app.organizationId));
  }
  return cells;
}

describe('demo company: benchmark peers', () => {
  it('puts enough peer organizations in every cell of the demo’s catalogue applications, once', async () => {
    const demo = await loadDemo();
    const db = server.database.db;
    const peers = await db.select().from(organizations).where(inArray(organizations.id, peerIds));
    expect(peers.map((p) => p.name).sort()).toEqual(DEMO_PEERS.map(([name]) => name).sort());
    // Nobody can reach them: no memberships, and the demo's owner sees only the demo company.
    expect(await db.select().from(memberships).where(inArray(memberships.organizationId, peerIds))).toEqual(
      [],
    );
    const session = (await api(server.app, demo.cookie).get('/api/session')).json();
    expect(JSON.stringify(session)).not.toContain(peerIds[0]);

    const cells = await cellsOf([demo.orgId, ...peerIds]);
    const demoCells = [...cells].filter(([, orgs]) => orgs.has(demo.orgId));
    expect(demoCells.length).toBeGreaterThan(30);
    for (const [key, orgs] of demoCells) {
      expect(orgs.size - 1, key).toBeGreaterThanOrEqual(PEER_MIN_ORGANIZATIONS);
    }
    // The main applications are among them.
    for (const slug of ['slack', 'google-workspace', 'zoom', 'notion', 'figma']) {
      expect(
        demoCells.some(([key]) => key.startsWith(`${slug}|`)),
        slug,
      ).toBe(true);
    }

    // A second demo company (same seed) finds its peers there and adds nothing.
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(subscriptions)
          .where(inArray(subscriptions.organizationId, peerIds))
      )[0].n;
    const before = await count();
    const orgsBefore = (await db.select().from(organizations).where(ne(organizations.id, demo.orgId))).length;
    await loadDemo();
    expect(await count()).toBe(before);
    expect((await db.select().from(organizations).where(ne(organizations.id, demo.orgId))).length).toBe(
      orgsBefore + 1,
    );
  });

  it('prices the peers around the demo company’s prices, per seat in the same band', async () => {
    const demo = await loadDemo();
    const db = server.database.db;
    const [slack] = await db
      .select()
      .from(licensePools)
      .innerJoin(subscriptions, eq(subscriptions.id, licensePools.subscriptionId))
      .where(sql`${licensePools.organizationId} = ${demo.orgId} and ${subscriptions.catalogSlug} = 'slack'`);
    const peerPools = await db
      .select()
      .from(licensePools)
      .innerJoin(subscriptions, eq(subscriptions.id, licensePools.subscriptionId))
      .where(
        sql`${licensePools.organizationId} in ${peerIds} and ${subscriptions.catalogSlug} = 'slack'
          and ${subscriptions.billingCycle} = ${slack.subscriptions.billingCycle}
          and ${licensePools.tierName} = ${slack.license_pools.tierName}`,
      );
    const sameBand = peerPools.filter(
      (p) => seatBandOf(p.license_pools.seats!) === seatBandOf(slack.license_pools.seats!),
    );
    expect(new Set(sameBand.map((p) => p.license_pools.organizationId)).size).toBe(DEMO_PEERS.length);
    for (const p of sameBand) {
      const ratio = p.license_pools.unitPriceMinor / slack.license_pools.unitPriceMinor;
      expect(ratio).toBeGreaterThanOrEqual(0.75);
      expect(ratio).toBeLessThanOrEqual(1.15);
    }
  });

  it('lets the daily work pass over the peers without failing or writing to anyone', async () => {
    await loadDemo();
    const { app, database } = server;
    const scheduler = createScheduler(app.deps, app.deps.queue, {
      jobs: dailyJobs,
      organizationIds: listOrganizationIds,
      spreadMinutes: 0,
    });
    await scheduler.tick();
    await app.deps.queue.drain();
    const runs = await database.db.select().from(jobRuns).where(inArray(jobRuns.scope, peerIds));
    expect(runs.length).toBeGreaterThanOrEqual(peerIds.length);
    expect(runs.filter((r) => r.status !== 'done')).toEqual([]);
    expect(await database.db.select().from(outbox).where(inArray(outbox.organizationId, peerIds))).toEqual(
      [],
    );
  });
});
