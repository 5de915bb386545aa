import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingCycle } from '../../common/billing';
import { listPricePerCycle } from '../../common/catalog/list-price';
import { findCatalogApp } from '../../common/catalog/search';
import { invitations, licensePools, memberships, organizations, subscriptions } from '../../server/db/schema';
import { openTestDatabase } from '../../server/test/test-server';
import { seatBandOf } from './demo-peers';
import { createPeerOrganizations, peerRows } from './peers';

const now = new Date('2026-03-10T12:00:00Z');
const day = { now, today: '2026-03-10' };
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('peer organizations', () => {
  it('creates small companies with catalogue applications around list price, reachable by nobody', async () => {
    const db = database.database.db;
    const result = await createPeerOrganizations(db, { count: 40, apps: 12, seed: 7, now });
    expect(result.organizationIds).toHaveLength(40);
    expect(result.applications).toBe(480);
    const ids = result.organizationIds;
    const orgs = await db.select().from(organizations).where(inArray(organizations.id, ids));
    expect(orgs).toHaveLength(40);
    expect(orgs.filter((o) => o.currency === 'USD').length).toBeGreaterThan(25);
    expect(new Set(orgs.map((o) => o.currency)).size).toBeGreaterThan(1);
    expect(await db.select().from(memberships).where(inArray(memberships.organizationId, ids))).toEqual([]);
    expect(await db.select().from(invitations).where(inArray(invitations.organizationId, ids))).toEqual([]);

    const apps = await db.select().from(subscriptions).where(inArray(subscriptions.organizationId, ids));
    expect(apps).toHaveLength(480);
    expect(apps.every((a) => a.catalogSlug && findCatalogApp(a.catalogSlug))).toBe(true);
    // Each company buys distinct applications; popular ones are bought by many companies.
    for (const org of ids) {
      const own = apps.filter((a) => a.organizationId === org);
      expect(new Set(own.map((a) => a.catalogSlug)).size).toBe(12);
    }
    const buyers = (slug: string) =>
      new Set(apps.filter((a) => a.catalogSlug === slug).map((a) => a.organizationId));
    expect(buyers('slack').size).toBeGreaterThanOrEqual(5);
    expect(new Set(apps.map((a) => a.billingCycle))).toEqual(
      new Set(['monthly', 'annual', 'quarterly', 'multi-year']),
    );
    const perSeat = apps.filter((a) => a.pricingModel === 'per-seat');
    expect(new Set(perSeat.map((a) => seatBandOf(a.seats!))).size).toBe(4);

    // A license pool per per-seat application, named after the catalogue plan its price is on.
    const pools = await db.select().from(licensePools).where(inArray(licensePools.organizationId, ids));
    expect(pools).toHaveLength(perSeat.length);
    let below = 0;
    let above = 0;
    for (const pool of pools) {
      const app = perSeat.find((a) => a.id === pool.subscriptionId)!;
      expect(pool.seats).toBe(app.seats);
      expect(pool.unitPriceMinor).toBe(app.unitPriceMinor);
      if (app.currency !== 'USD') continue;
      // Longer terms are priced from the yearly list price when the plan has one.
      const period = ['monthly', 'quarterly'].includes(app.billingCycle) ? 'month' : 'year';
      const ofPlan = findCatalogApp(app.catalogSlug!)!.prices!.filter(
        (p) => p.plan === pool.tierName && p.currency === 'USD' && p.unit === 'user',
      );
      const list = ofPlan.find((p) => p.period === period) ?? ofPlan[0];
      expect(list, `${app.catalogSlug} ${pool.tierName}`).toBeDefined();
      const ratio =
        pool.unitPriceMinor / listPricePerCycle(list, app.billingCycle as BillingCycle, app.intervalMonths);
      expect(ratio).toBeGreaterThan(0.6);
      expect(ratio).toBeLessThan(1.15);
      if (ratio < 0.99) below += 1;
      if (ratio > 1.01) above += 1;
    }
    expect(below).toBeGreaterThan(above);
    expect(above).toBeGreaterThan(0);
  });

  it('is deterministic by seed, and a second run with the same seed adds nothing', async () => {
    expect(peerRows(11, 0, 5, 10, day)).toEqual(peerRows(11, 0, 5, 10, day));
    expect(peerRows(12, 0, 5, 10, day).applications).not.toEqual(peerRows(11, 0, 5, 10, day).applications);
    const db = database.database.db;
    const count = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from subscriptions`)).rows[0].n;
    const first = await createPeerOrganizations(db, { count: 10, apps: 5, seed: 11, now, concurrency: 2 });
    const before = await count();
    const again = await createPeerOrganizations(db, { count: 10, apps: 5, seed: 11, now });
    expect(again.organizationIds).toEqual(first.organizationIds);
    expect(await count()).toBe(before);
    const stored = await db
      .select({ id: subscriptions.id, amount: subscriptions.amountMinor })
      .from(subscriptions)
      .where(
        and(inArray(subscriptions.organizationId, first.organizationIds), eq(subscriptions.status, 'active')),
      );
    const generated = peerRows(11, 0, 10, 5, day).applications.filter((a) => a.status === 'active');
    expect(new Map(stored.map((s) => [s.id, s.amount]))).toEqual(
      new Map(generated.map((a) => [a.id, a.amountMinor])),
    );
  });
});
