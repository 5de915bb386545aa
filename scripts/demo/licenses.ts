// The demo company's license pools and seats: one pool per per-seat application (a second, cheaper
// tier on a few), seats handed to the right departments, realistic activity — most seats used in
// the last weeks, some idle for months, some never used, a few apps without usage data — some
// seats unassigned, one pool over-assigned, and two people who left but still hold their seats.
import { and, asc, eq } from 'drizzle-orm';
import type { CatalogPrice } from '../../common/catalog';
import { listPricePerCycle } from '../../common/catalog/list-price';
import { findCatalogApp } from '../../common/catalog/search';
import { addDays } from '../../common/dates';
import type { BillingCycle } from '../../common/billing';
import type { UsageSource } from '../../common/licenses';
import { licenseAssignments, licensePools, people, subscriptions } from '../../server/db/schema';
import { derivedCosts } from '../../server/modules/subscriptions/subscription-values';
import { DEMO_MONTHS, type DemoContext } from './context';
import { createRng } from './prng';
import { restateOpeningTerms } from './price-history';
import { inChunks, inIdList } from '../../server/db/bulk-insert';

const DAY_MS = 86_400_000;
/** Tools everyone in the company gets. */
const EVERYONE = new Set(['slack', 'google-workspace', 'zoom', 'notion', '1password', 'okta']);
/** Application departments that are teams of Operations in the demo company. */
const OPERATIONS_TEAMS = new Set(['Finance', 'People', 'IT', 'Legal']);

type Person = typeof people.$inferSelect;
type Seat = typeof licenseAssignments.$inferInsert;

/** Fisher–Yates with the demo's PRNG, so the same seed hands out the same seats. */
function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function candidatesFor(app: typeof subscriptions.$inferSelect, staff: Person[]) {
  if (app.catalogSlug && EVERYONE.has(app.catalogSlug)) return staff;
  const dept = app.department ?? '';
  const inDept = OPERATIONS_TEAMS.has(dept)
    ? staff.filter((p) => p.department === 'Operations' && p.team === dept)
    : staff.filter((p) => p.department === dept);
  return inDept.length > 0 ? inDept : staff.filter((p) => p.department === 'Operations');
}

/**
 * The applications generator picks seat counts without knowing the head count; a company buys
 * roughly what its teams need (plus some slack), so oversized counts shrink to 105–135% of the
 * people who could use the tool, and the application's price follows.
 */
async function rightSize(ctx: DemoContext, app: typeof subscriptions.$inferSelect, candidates: number) {
  const seats = app.seats!;
  if (seats <= Math.ceil(candidates * 1.4)) return seats;
  const sized = Math.max(3, Math.round(candidates * (1.05 + ctx.rng.next() * 0.3)));
  const costs = derivedCosts({
    pricingModel: 'per-seat',
    billingCycle: app.billingCycle as BillingCycle,
    intervalMonths: app.intervalMonths,
    amountMinor: app.amountMinor,
    seats: sized,
    unitPriceMinor: app.unitPriceMinor,
    currency: app.currency,
  });
  await ctx.db
    .update(subscriptions)
    .set({ seats: sized, ...costs })
    .where(and(eq(subscriptions.organizationId, ctx.orgId), eq(subscriptions.id, app.id)));
  await restateOpeningTerms(ctx, { ...app, seats: sized, amountMinor: costs.amountMinor });
  return sized;
}

/**
 * The tier is the per-user plan the application was priced from (its list price per cycle is the
 * unit price), else the catalogue's first per-user plan: a $99 seat is not called "Essential".
 */
function tierOf(app: typeof subscriptions.$inferSelect, prices: readonly CatalogPrice[]): string {
  const perUser = prices.filter((p) => p.unit === 'user' && p.amountMinor > 0);
  const cycle = app.billingCycle as BillingCycle;
  const pricedFrom = perUser.find(
    (p) => listPricePerCycle(p, cycle, app.intervalMonths) === app.unitPriceMinor,
  );
  return (pricedFrom ?? perUser[0])?.plan ?? 'Standard';
}

export async function generateLicenses(ctx: DemoContext): Promise<void> {
  const { db, rng, orgId, now } = ctx;
  if (ctx.created.applicationIds.length === 0) return;
  const apps = (
    await db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.organizationId, orgId), inIdList(subscriptions.id, ctx.created.applicationIds)),
      )
  ).filter((a) => a.pricingModel === 'per-seat' && a.status !== 'cancelled' && (a.seats ?? 0) > 0);
  apps.sort((a, b) => ctx.created.applicationIds.indexOf(a.id) - ctx.created.applicationIds.indexOf(b.id));
  const everyone = await db
    .select()
    .from(people)
    .where(eq(people.organizationId, orgId))
    .orderBy(asc(people.email));
  const staff = everyone.filter((p) => p.status === 'active');
  const seats: Seat[] = [];
  const holdings = new Map<string, number>();
  let pools = 0;
  let withoutUsage = 0;
  let overAssigned = false;
  let guestTier = false;
  const noUsagePools = new Set<string>();

  for (const app of apps) {
    const catalog = app.catalogSlug ? findCatalogApp(app.catalogSlug) : undefined;
    const tierName = tierOf(app, catalog?.prices ?? []);
    const candidates = candidatesFor(app, staff);
    const seatCount = await rightSize(ctx, app, candidates.length);
    const tiers = [{ tierName, seats: seatCount, unitPriceMinor: app.unitPriceMinor ?? 0 }];
    if (!guestTier && catalog?.category === 'Collaboration') {
      guestTier = true;
      tiers.push({ tierName: 'Guest', seats: 10, unitPriceMinor: Math.round((app.unitPriceMinor ?? 0) / 3) });
    }
    // Two applications have no usage data yet: candidates for a "still need it?" attestation.
    const noUsage = withoutUsage < 2 && pools > 3 && rng.chance(0.25);
    if (noUsage) withoutUsage++;
    for (const tier of tiers) {
      const [pool] = await db
        .insert(licensePools)
        .values({
          organizationId: orgId,
          subscriptionId: app.id,
          ...tier,
          billingCycle: app.billingCycle,
          intervalMonths: app.intervalMonths,
          currency: app.currency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      pools++;
      if (noUsage) noUsagePools.add(pool.id);
      // Most pools leave seats unassigned; the first big one is over-assigned by a couple of seats.
      const fill =
        !overAssigned && tier.seats >= 10 && candidates.length > tier.seats + 2
          ? 1.15
          : rng.next() * 0.35 + 0.62;
      if (fill > 1) overAssigned = true;
      const count = Math.min(candidates.length, Math.max(1, Math.round(tier.seats * fill)));
      const chosen = shuffle(candidates, () => rng.next()).slice(0, count);
      for (const person of chosen) {
        const roll = rng.next();
        const lastActiveAt = noUsage
          ? null
          : roll < 0.68
            ? new Date(now.getTime() - rng.int(0, 20) * DAY_MS - rng.int(0, 86_399) * 1000)
            : roll < 0.85
              ? new Date(now.getTime() - rng.int(35, 150) * DAY_MS)
              : null;
        const earliest =
          person.startDate && person.startDate > addDays(ctx.today, -700)
            ? person.startDate
            : addDays(ctx.today, -700);
        const assignedOn = addDays(
          earliest,
          rng.int(0, Math.max(0, Math.round((Date.parse(ctx.today) - Date.parse(earliest)) / DAY_MS) - 1)),
        );
        seats.push({
          organizationId: orgId,
          poolId: pool.id,
          personId: person.id,
          assignedAt: new Date(`${assignedOn}T09:00:00Z`),
          lastActiveAt:
            lastActiveAt && lastActiveAt.getTime() < Date.parse(`${assignedOn}T09:00:00Z`)
              ? null
              : lastActiveAt,
          source: (lastActiveAt ? 'csv' : 'manual') satisfies UsageSource,
          assignedBy: ctx.colleagues.it,
        });
        holdings.set(person.id, (holdings.get(person.id) ?? 0) + 1);
      }
    }
  }
  // Two people left two to three weeks ago and still hold their seats: money leaking until reclaimed.
  const leavers = staff.filter((p) => (holdings.get(p.id) ?? 0) >= 3 && p.team !== null).slice(5, 7);
  for (const [i, leaver] of leavers.entries()) {
    const endDate = addDays(ctx.today, -(14 + 7 * i));
    await db
      .update(people)
      .set({ status: 'offboarded', endDate, updatedAt: now })
      .where(and(eq(people.organizationId, orgId), eq(people.id, leaver.id)));
    for (const seat of seats) {
      if (
        seat.personId === leaver.id &&
        seat.lastActiveAt &&
        seat.lastActiveAt > new Date(`${endDate}T00:00:00Z`)
      ) {
        seat.lastActiveAt = new Date(`${addDays(endDate, -1)}T17:00:00Z`);
      }
    }
  }
  seats.push(...reclaimedSeats(ctx, seats, staff, noUsagePools));
  // History: the cleanly offboarded people gave their seats back when they left.
  const departed = everyone.filter((p) => p.status === 'offboarded' && p.endDate);
  const firstPool = seats[0]?.poolId;
  for (const person of departed) {
    if (!firstPool) break;
    seats.push({
      organizationId: orgId,
      poolId: firstPool,
      personId: person.id,
      assignedAt: new Date(`${person.startDate ?? addDays(ctx.today, -400)}T09:00:00Z`),
      lastActiveAt: new Date(`${addDays(person.endDate!, -1)}T16:00:00Z`),
      source: 'csv',
      unassignedAt: new Date(`${person.endDate}T18:00:00Z`),
      unassignReason: 'offboarding',
    });
  }
  await inChunks(licenseAssignments, seats, (chunk) => db.insert(licenseAssignments).values(chunk));
  ctx.created.licensePools += pools;
  ctx.created.assignments += seats.filter((s) => !s.unassignedAt).length;
}

/**
 * Two years of seat history: seats reclaimed after their holder went idle, more of them lately as
 * the company grew. Each closed seat keeps its holder's last activity, so active users per month
 * reach back over the period. Drawn from its own sequence so the open seats stay as they were.
 */
function reclaimedSeats(
  ctx: DemoContext,
  open: readonly Seat[],
  staff: ReadonlyArray<{ id: string; startDate: string | null }>,
  skipPools: ReadonlySet<string>,
): Seat[] {
  const rng = createRng(ctx.options.seed + 2424);
  const holders = new Map<string, Set<string>>();
  for (const seat of open) {
    if (skipPools.has(seat.poolId)) continue;
    holders.set(seat.poolId, (holders.get(seat.poolId) ?? new Set()).add(seat.personId));
  }
  const history: Seat[] = [];
  const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  for (const [poolId, held] of holders) {
    const count = Math.round(held.size * 0.4);
    const others = staff.filter((p) => !held.has(p.id));
    for (let i = 0; i < count && others.length > 0; i++) {
      const person = others.splice(rng.int(0, others.length - 1), 1)[0]!;
      // Squared: reclaims cluster in recent months, as the headcount (and the seats) grew.
      const monthsAgo = Math.floor(DEMO_MONTHS * rng.next() ** 2);
      const unassignedOn = addDays(ctx.today, -(35 + monthsAgo * 30 + rng.int(0, 29)));
      const lastSeen = addDays(unassignedOn, -rng.int(31, 60));
      const assignedOn = addDays(lastSeen, -rng.int(60, 400));
      if (person.startDate && person.startDate > assignedOn) continue;
      history.push({
        organizationId: ctx.orgId,
        poolId,
        personId: person.id,
        assignedAt: at(assignedOn, 9),
        lastActiveAt: at(lastSeen, 15),
        source: 'csv',
        activitySignal: 'usage',
        assignedBy: ctx.colleagues.it,
        unassignedAt: at(unassignedOn, 10),
        unassignReason: 'reclaim',
      });
    }
  }
  return history;
}
