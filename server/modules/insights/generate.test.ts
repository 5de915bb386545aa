// Generation keeps one row per opportunity across runs, leaves people's decisions alone, notices
// when the saving happened, and runs once per organization and day on a plan with insights.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  domainEvents,
  expenses,
  insightOpportunities,
  licenseAssignments,
  licensePools,
  subscriptions,
} from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  buildAssignment,
  buildOrgOwner,
  buildPerson,
  buildPool,
  buildSubscription,
  setOrganization,
  setPlan,
} from '../../test/factories';
import { testScheduler } from '../../test/scheduler';
import { useTestServer } from '../../test/test-server';
import { merchantKeyOf } from '../expenses';
import { generateInsights } from './generate';
import { decisionKey } from './decisions';
import { insightsJob } from './insights.job';

const TODAY = '2026-11-25';
const clock = fixedClock(`${TODAY}T09:00:00Z`);
const server = useTestServer({ clock });
const db = () => server.database.db;
const generate = (orgId: string) => generateInsights(server.app.deps, orgId, clock.now());

/**
 * A Growth organization with planted waste: a design tool with 10 seats at $15 a month, of which 4
 * are held and 2 of those idle since spring (2 inactive licenses, $360 a year; 6 unassigned seats,
 * $1,080 a year: one decision on its seats, $1,440 a year), and a cancelled CRM still charging $49
 * a month.
 */
async function seed(plan: 'pro' | 'starter' = 'pro') {
  const owner = await buildOrgOwner(server.app);
  const orgId = owner.orgId;
  if (plan === 'pro') await setPlan(db(), orgId, 'pro');
  const design = await buildSubscription(db(), orgId, {
    name: 'Design Tool',
    pricingModel: 'per-seat',
    seats: 10,
    unitPriceMinor: 1_500,
    amountMinor: 15_000,
    ownerUserId: owner.id,
    nextRenewalDate: '2027-09-01',
  });
  const pool = await buildPool(db(), orgId, design.id, {
    tierName: 'Standard',
    seats: 10,
    unitPriceMinor: 1_500,
  });
  const idle = [];
  for (let i = 0; i < 4; i++) {
    const person = await buildPerson(db(), orgId);
    const lastActive = i < 2 ? '2026-04-01T00:00:00Z' : '2026-11-24T00:00:00Z';
    await buildAssignment(db(), orgId, pool.id, person.id, {
      assignedAt: new Date('2026-01-05T00:00:00Z'),
      lastActiveAt: new Date(lastActive),
      source: 'csv',
      activitySignal: 'usage',
    });
    if (i < 2) idle.push(person);
  }
  const crm = await buildSubscription(db(), orgId, {
    name: 'Old CRM',
    status: 'cancelled',
    cancelledOn: '2026-10-15',
    amountMinor: 4_900,
    ownerUserId: owner.id,
  });
  await db()
    .insert(expenses)
    .values({
      organizationId: orgId,
      date: '2026-11-02',
      amountMinor: 4_900,
      currency: 'USD',
      merchant: 'OLDCRM*SUBSCRIPTION',
      merchantKey: merchantKeyOf('OLDCRM*SUBSCRIPTION'),
      merchantName: 'OLDCRM',
      subscriptionId: crm.id,
      matchStatus: 'matched',
    });
  return { owner, orgId, design, pool, idle, crm, seatsKey: decisionKey(design) };
}

const rowsOf = (orgId: string) =>
  db()
    .select()
    .from(insightOpportunities)
    .where(eq(insightOpportunities.organizationId, orgId))
    .orderBy(asc(insightOpportunities.key));

async function rowFor(orgId: string, key: string) {
  const [row] = await db()
    .select()
    .from(insightOpportunities)
    .where(and(eq(insightOpportunities.organizationId, orgId), eq(insightOpportunities.key, key)));
  return row;
}

const setRow = (orgId: string, key: string, patch: Partial<typeof insightOpportunities.$inferInsert>) =>
  db()
    .update(insightOpportunities)
    .set(patch)
    .where(and(eq(insightOpportunities.organizationId, orgId), eq(insightOpportunities.key, key)));

const identifiedEvents = (orgId: string) =>
  db()
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.organizationId, orgId), eq(domainEvents.type, 'insight.identified')));

describe('generateInsights', () => {
  it('creates one row per opportunity with its figures and baseline, and notifies the high-value ones', async () => {
    const { orgId, design, pool, idle, crm, seatsKey } = await seed();
    const result = await generate(orgId);
    const rows = await rowsOf(orgId);
    expect(result).toEqual({ created: rows.length, updated: 0, realized: 0 });

    // The inactive and unassigned seats are one decision on Design Tool's seats (issue 31).
    expect(rows.filter((r) => r.applicationIds.includes(design.id))).toHaveLength(1);
    const inactive = rows.find((r) => r.key === seatsKey);
    expect(inactive).toMatchObject({
      type: 'inactive_licenses',
      title: 'Cut 2 inactive Design Tool licenses and 6 unassigned Design Tool seats',
      state: 'new',
      detected: true,
      savingMinor: 144_000, // 2 idle + 6 unassigned seats × $15 × 12
      countedMinor: 144_000,
      currency: 'USD',
      applicationIds: [design.id],
      actionPath: `/app/subscriptions/${design.id}`,
      baseline: {
        applications: [
          {
            id: design.id,
            status: 'active',
            annualCostMinor: 180_000,
            seats: 10,
            unitPriceMinor: 1_500,
            assignedSeats: 4,
          },
        ],
      },
    });
    expect([...inactive!.personIds].sort()).toEqual(idle.map((p) => p.id).sort());
    expect(inactive!.claims).toHaveLength(8);
    expect(inactive!.decision).toMatchObject({
      usage: 'known',
      alternatives: [
        expect.objectContaining({ type: 'inactive_licenses', savingMinor: 36_000, recommended: true }),
        expect.objectContaining({ type: 'unassigned_seats', savingMinor: 108_000, recommended: true }),
      ],
    });
    const unassigned = inactive;
    expect(unassigned!.evidence).toContainEqual(
      expect.objectContaining({ kind: 'license_pool', id: pool.id }),
    );
    // Charges after cancellation: the baseline is their yearly run-rate.
    const zombie = rows.find((r) => r.key === `zombie_spend:charges:${crm.id}`);
    expect(zombie).toMatchObject({
      savingMinor: 58_800,
      baseline: expect.objectContaining({ chargesAnnualMinor: 58_800 }),
    });

    // One event, with the opportunities saving at least the threshold ($1,000 a year).
    const events = await identifiedEvents(orgId);
    expect(events).toHaveLength(1);
    const highValue = rows.filter((r) => (r.savingMinor ?? 0) >= 100_000).map((r) => r.id);
    expect(highValue).toContain(unassigned!.id);
    expect((events[0].payload.opportunityIds as string[]).sort()).toEqual(highValue.sort());
    expect(events[0].payload.opportunityIds).not.toContain(rows.find((r) => r.key.startsWith('zombie'))!.id);
  });

  it('updates in place on the next run: same ids, no duplicates, people’s decisions untouched', async () => {
    const { owner, orgId, crm, seatsKey } = await seed();
    await generate(orgId);
    const first = await rowsOf(orgId);
    const key = seatsKey;
    await setRow(orgId, key, {
      state: 'reviewing',
      ownerUserId: owner.id,
      dueDate: '2026-12-15',
      snoozedUntil: '2026-12-10',
      title: 'stale title',
    });

    clock.advance(3600_000);
    const result = await generate(orgId);
    clock.set(`${TODAY}T09:00:00Z`);
    const second = await rowsOf(orgId);
    expect(result).toEqual({ created: 0, updated: first.length, realized: 0 });
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const row = second.find((r) => r.key === key)!;
    expect(row).toMatchObject({
      state: 'reviewing',
      ownerUserId: owner.id,
      dueDate: '2026-12-15',
      snoozedUntil: '2026-12-10',
      title: 'Cut 2 inactive Design Tool licenses and 6 unassigned Design Tool seats',
      detected: true,
    });
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(first.find((r) => r.key === key)!.lastSeenAt.getTime());
    // A finding that did not change is not rewritten, only seen again.
    const unchanged = `zombie_spend:charges:${crm.id}`;
    const [was, is] = [first, second].map((rows) => rows.find((r) => r.key === unchanged)!);
    expect(is.updatedAt).toEqual(was.updatedAt);
    expect(is.lastSeenAt.getTime()).toBeGreaterThan(was.lastSeenAt.getTime());
    expect(await identifiedEvents(orgId)).toHaveLength(1); // nothing new to notify
  });

  it('keeps a dismissed opportunity dismissed until its saving grows by more than half', async () => {
    const { orgId, pool, seatsKey } = await seed();
    await generate(orgId);
    const key = seatsKey;
    const dismissal = {
      dismissReason: 'business_need',
      dismissNote: 'Hiring',
      dismissedSavingMinor: 144_000,
    } as const;
    await setRow(orgId, key, { state: 'dismissed', ...dismissal });

    // 8 unassigned and 2 idle seats ($1,800): a quarter more, not enough.
    await db().update(licensePools).set({ seats: 12 }).where(eq(licensePools.id, pool.id));
    await generate(orgId);
    expect(await rowFor(orgId, key)).toMatchObject({
      state: 'dismissed',
      ...dismissal,
      savingMinor: 180_000,
      countedMinor: 0, // dismissed: it no longer counts in the headline
    });

    // 11 unassigned and 2 idle seats ($2,340 > 1.5 × $1,440): back to new, the dismissal cleared, notified.
    await db().update(licensePools).set({ seats: 15 }).where(eq(licensePools.id, pool.id));
    const result = await generate(orgId);
    const row = await rowFor(orgId, key);
    expect(row).toMatchObject({
      state: 'new',
      savingMinor: 234_000,
      countedMinor: 234_000,
      dismissReason: null,
      dismissNote: null,
      dismissedSavingMinor: null,
      baseline: { applications: [expect.objectContaining({ seats: 15 })] },
    });
    expect(result.created).toBe(0);
    const events = await identifiedEvents(orgId);
    expect(events).toHaveLength(2);
    expect(events.some((e) => (e.payload.opportunityIds as string[]).join() === row.id)).toBe(true);
  });

  it('realizes an opportunity on its own when the seats are reduced, with the measured before and after', async () => {
    const { orgId, design, pool, seatsKey } = await seed();
    await generate(orgId);
    // The 6 unassigned seats are given back: the tier goes from 10 to 4 seats.
    await db().update(licensePools).set({ seats: 4 }).where(eq(licensePools.id, pool.id));
    clock.advance(86_400_000);
    const result = await generate(orgId);
    clock.set(`${TODAY}T09:00:00Z`);
    expect(result.realized).toBe(1);
    expect(await rowFor(orgId, seatsKey)).toMatchObject({
      state: 'realized',
      realizedSource: 'auto',
      realizedMinor: 108_000, // $1,800 a year before, $720 after
      afterAnnualMinor: 72_000,
      realizedAt: new Date('2026-11-26T09:00:00Z'),
      detected: false,
    });
    // The idle seats are still there: the decision left is on them alone, open.
    expect(await rowFor(orgId, `inactive_licenses:${design.id}`)).toMatchObject({
      state: 'new',
      detected: true,
    });

    // Realized is left alone, even if the waste comes back.
    await db().update(licensePools).set({ seats: 10 }).where(eq(licensePools.id, pool.id));
    await generate(orgId);
    expect(await rowFor(orgId, seatsKey)).toMatchObject({
      state: 'realized',
      realizedMinor: 108_000,
    });
  });

  it('realizes once when the application is cancelled: its whole cost, counted once', async () => {
    const { orgId, design, seatsKey } = await seed();
    await generate(orgId);
    await db().update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, design.id));
    const result = await generate(orgId);
    // One decision on the seats, realized once with the whole cost.
    expect(result.realized).toBe(1);
    expect(await rowFor(orgId, seatsKey)).toMatchObject({
      state: 'realized',
      realizedMinor: 180_000,
      afterAnnualMinor: 0,
    });
  });

  it('realizes charges after cancellation once they stop', async () => {
    const { orgId, crm } = await seed();
    await generate(orgId);
    clock.set('2027-01-10T09:00:00Z'); // more than a monthly cycle since the last charge
    const result = await generate(orgId);
    clock.set(`${TODAY}T09:00:00Z`);
    expect(result.realized).toBeGreaterThanOrEqual(1);
    expect(await rowFor(orgId, `zombie_spend:charges:${crm.id}`)).toMatchObject({
      state: 'realized',
      realizedMinor: 58_800,
      afterAnnualMinor: 0,
    });
  });

  it('marks an opportunity no longer found as not detected, and detected again when it is', async () => {
    const { orgId, idle, seatsKey } = await seed();
    await generate(orgId);
    const key = seatsKey;
    const used = (at: string) =>
      db()
        .update(licenseAssignments)
        .set({ lastActiveAt: new Date(at) })
        .where(eq(licenseAssignments.personId, idle[0].id));
    await used('2026-11-24T00:00:00Z');
    await db()
      .update(licenseAssignments)
      .set({ lastActiveAt: new Date('2026-11-24T00:00:00Z') })
      .where(eq(licenseAssignments.personId, idle[1].id));
    const result = await generate(orgId);
    expect(result.realized).toBe(0);
    expect(await rowFor(orgId, key)).toMatchObject({ state: 'new', detected: false });

    await used('2026-03-01T00:00:00Z');
    await generate(orgId);
    // 1 idle seat again, with the 6 unassigned: $180 + $1,080.
    expect(await rowFor(orgId, key)).toMatchObject({ state: 'new', detected: true, savingMinor: 126_000 });
  });

  it("leaves another organization's opportunities untouched", async () => {
    const a = await seed();
    const b = await seed();
    await generate(b.orgId);
    const before = await rowsOf(b.orgId);
    await generate(a.orgId);
    expect(await rowsOf(b.orgId)).toEqual(before);
    const aRows = await rowsOf(a.orgId);
    expect(aRows.every((r) => r.applicationIds.every((id) => id !== b.design.id))).toBe(true);
    expect(aRows.some((r) => r.applicationIds.includes(a.design.id))).toBe(true);
  });
});

describe('the daily insights job', () => {
  it('generates for Growth and trialing organizations, skips Starter', async () => {
    const growth = await seed('pro');
    const starter = await seed('starter');
    const trialing = await seed('starter');
    await setOrganization(db(), trialing.orgId, {
      accountStatus: 'trial',
      trialPlan: 'pro',
      trialStartedAt: new Date('2026-11-20T00:00:00Z'),
      trialEndsAt: new Date('2026-12-04T00:00:00Z'),
    });
    await testScheduler(server.app.deps, [insightsJob]).tick();
    expect((await rowsOf(growth.orgId)).length).toBeGreaterThan(0);
    expect((await rowsOf(trialing.orgId)).length).toBeGreaterThan(0);
    expect(await rowsOf(starter.orgId)).toEqual([]);
  });

  it('runs once per organization and day when two schedulers race', async () => {
    clock.set('2026-11-27T09:00:00Z');
    const { orgId } = await seed();
    let runs = 0;
    const counting = {
      ...insightsJob,
      run: async (...args: Parameters<typeof insightsJob.run>) => {
        if (args[1].orgId === orgId) runs += 1;
        await insightsJob.run(...args);
      },
    };
    const first = testScheduler(server.app.deps, [counting]);
    const second = testScheduler({ ...server.app.deps }, [counting]);
    await Promise.all([first.tick(), second.tick(), first.tick()]);
    clock.set(`${TODAY}T09:00:00Z`);
    expect(runs).toBe(1);
    const rows = await rowsOf(orgId);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(await identifiedEvents(orgId)).toHaveLength(1);
  });
});
