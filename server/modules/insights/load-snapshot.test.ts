// The loader reads real rows into the snapshot the detectors expect, and only the organization's own.
import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS } from '../../../common/insights/settings';
import { expenses, renewalDecisions, subscriptionPriceChanges, vendors } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  buildAssignment,
  buildOrgOwner,
  buildPerson,
  buildPool,
  buildSubscription,
} from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { merchantKeyOf } from '../expenses';
import { detectFindings } from './detectors';
import { loadInsightSnapshot } from './load-snapshot.repo';

const TODAY = '2026-11-25';
const server = useTestServer({ clock: fixedClock(`${TODAY}T09:00:00Z`) });
const db = () => server.database.db;

const charge = (orgId: string, merchant: string, date: string, amountMinor: number, extra = {}) => ({
  organizationId: orgId,
  date,
  amountMinor,
  currency: 'USD',
  merchant,
  merchantKey: merchantKeyOf(merchant),
  merchantName: merchant,
  ...extra,
});

async function seed() {
  const owner = await buildOrgOwner(server.app);
  const orgId = owner.orgId;
  const [vendor] = await db()
    .insert(vendors)
    .values({ organizationId: orgId, name: 'Figma, Inc.' })
    .returning();
  const figma = await buildSubscription(db(), orgId, {
    name: 'Figma',
    catalogSlug: 'figma',
    vendorId: vendor.id,
    pricingModel: 'per-seat',
    seats: 5,
    unitPriceMinor: 1_500,
    amountMinor: 7_500,
    ownerUserId: owner.id,
    department: 'Design',
  });
  const cancelled = await buildSubscription(db(), orgId, {
    name: 'Old CRM',
    status: 'cancelled',
    cancelledOn: '2026-10-15',
  });
  const pool = await buildPool(db(), orgId, figma.id, {
    tierName: 'Professional',
    seats: 5,
    unitPriceMinor: 1_500,
  });
  const idle = await buildPerson(db(), orgId, { firstName: 'Ida', lastName: 'Idle' });
  const gone = await buildPerson(db(), orgId, { status: 'offboarded', endDate: '2026-10-31' });
  await buildAssignment(db(), orgId, pool.id, idle.id, {
    assignedAt: new Date('2026-01-05T10:00:00Z'),
    lastActiveAt: new Date('2026-06-01T08:00:00Z'),
    source: 'csv',
    activitySignal: 'sign-in',
  });
  await buildAssignment(db(), orgId, pool.id, gone.id, { assignedAt: new Date('2026-02-01T00:00:00Z') });
  // A closed seat is history, not a holder.
  await buildAssignment(db(), orgId, pool.id, idle.id, {
    assignedAt: new Date('2025-01-01T00:00:00Z'),
    unassignedAt: new Date('2025-06-01T00:00:00Z'),
  });
  const terms = {
    pricingModel: 'per-seat',
    billingCycle: 'monthly',
    intervalMonths: null,
    seats: 5,
    currency: 'USD',
  };
  await db()
    .insert(subscriptionPriceChanges)
    .values({
      organizationId: orgId,
      subscriptionId: figma.id,
      effectiveDate: '2026-09-01',
      source: 'manual',
      fields: ['unitPriceMinor'],
      previous: { ...terms, amountMinor: 6_000, unitPriceMinor: 1_200, monthlyMinor: 6_000 } as never,
      current: { ...terms, amountMinor: 7_500, unitPriceMinor: 1_500, monthlyMinor: 7_500 } as never,
    });
  await db().insert(renewalDecisions).values({
    organizationId: orgId,
    subscriptionId: figma.id,
    renewalDate: '2026-12-01',
    status: 'upcoming',
  });
  await db()
    .insert(expenses)
    .values([
      charge(orgId, 'OLDCRM*SUBSCRIPTION', '2026-11-02', 4_900, {
        subscriptionId: cancelled.id,
        matchStatus: 'matched',
      }),
      // Recurring charges nobody registered: shadow IT.
      ...['2026-08-14', '2026-09-14', '2026-10-14', '2026-11-14'].map((d) =>
        charge(orgId, 'NOTION LABS INC', d, 1_000),
      ),
    ]);
  return { orgId, owner, figma, cancelled, pool, idle, gone };
}

describe('loadInsightSnapshot', () => {
  it('reads applications, seats, people, prices, decisions and charges as the detectors expect them', async () => {
    const { orgId, owner, figma, cancelled, pool, idle, gone } = await seed();
    const snapshot = await loadInsightSnapshot(db(), orgId, TODAY);

    expect(snapshot.organization).toEqual({ id: orgId, currency: 'USD', today: TODAY });
    const app = snapshot.applications.find((a) => a.id === figma.id);
    expect(app).toMatchObject({
      name: 'Figma',
      catalogSlug: 'figma',
      vendorName: 'Figma, Inc.',
      status: 'active',
      archived: false,
      pricingModel: 'per-seat',
      seats: 5,
      unitPriceMinor: 1_500,
      annualCostMinor: 90_000,
      department: 'Design',
      owner: { userId: owner.id, isMember: true },
    });
    expect(snapshot.applications.find((a) => a.id === cancelled.id)).toMatchObject({
      status: 'cancelled',
      cancelledOn: '2026-10-15',
    });
    expect(snapshot.pools).toEqual([
      expect.objectContaining({ id: pool.id, applicationId: figma.id, tierName: 'Professional', seats: 5 }),
    ]);
    // Open seats only; the sign-in export is labelled as such.
    expect(snapshot.assignments).toHaveLength(2);
    expect(snapshot.assignments.find((s) => s.personId === idle.id)).toMatchObject({
      applicationId: figma.id,
      assignedDate: '2026-01-05',
      lastActiveDate: '2026-06-01',
      signal: 'sign-in',
    });
    expect(snapshot.assignments.find((s) => s.personId === gone.id)).toMatchObject({
      lastActiveDate: null,
      signal: 'usage',
    });
    expect(snapshot.people.find((p) => p.id === idle.id)).toMatchObject({
      name: 'Ida Idle',
      status: 'active',
    });
    expect(snapshot.people.find((p) => p.id === gone.id)).toMatchObject({
      status: 'offboarded',
      endDate: '2026-10-31',
    });
    expect(snapshot.priceChanges).toEqual([
      expect.objectContaining({
        applicationId: figma.id,
        effectiveDate: '2026-09-01',
        previous: expect.objectContaining({ unitPriceMinor: 1_200 }),
        current: expect.objectContaining({ unitPriceMinor: 1_500 }),
      }),
    ]);
    expect(snapshot.renewalDecisions).toEqual([
      { applicationId: figma.id, renewalDate: '2026-12-01', status: 'upcoming' },
    ]);
    expect(snapshot.charges).toEqual([
      expect.objectContaining({ applicationId: cancelled.id, amountMinor: 4_900, date: '2026-11-02' }),
    ]);
    expect(snapshot.recurringUnmatched).toEqual([
      expect.objectContaining({
        cycle: 'monthly',
        amountMinor: 1_000,
        occurrences: 4,
        catalogSlug: 'notion',
      }),
    ]);
    expect(Object.keys(snapshot.catalog).sort()).toEqual(['figma', 'notion']);
    expect(snapshot.catalog.figma.functions.length).toBeGreaterThan(0);

    // The detectors find the planted waste in it.
    const types = new Set(detectFindings(snapshot, DEFAULT_INSIGHT_SETTINGS).map((o) => o.type));
    for (const type of [
      'inactive_licenses',
      'departed_person',
      'price_increase',
      'zombie_spend',
      'shadow_it',
    ])
      expect(types).toContain(type);
  });

  it("reads nothing of another organization's", async () => {
    await seed();
    const other = await buildOrgOwner(server.app);
    const snapshot = await loadInsightSnapshot(db(), other.orgId, TODAY);
    expect(snapshot).toMatchObject({
      applications: [],
      pools: [],
      assignments: [],
      people: [],
      priceChanges: [],
      renewalDecisions: [],
      charges: [],
      recurringUnmatched: [],
      catalog: {},
    });
  });
});
