// The demo company's peers (issue 17): eight peer organizations on the installation that buy what
// the demo company buys — the same catalogue application, plan (license tier), billing terms and
// seat band, at prices around the demo's own — so the demo shows peer benchmarks (≥ 5 organizations
// per cell) on Scale. The peers' ids come from fixed names, so a second demo company adds nothing,
// and one generated with another seed only adds the cells it does not share.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { BillingCycle } from '../../common/billing';
import { findCatalogApp } from '../../common/catalog/search';
import { SEAT_BANDS, type SeatBand } from '../../common/contracts/benchmarks';
import { bulkInsert } from '../../server/db/bulk-insert';
import { licensePools, organizations, subscriptions } from '../../server/db/schema';
import type { DemoContext } from './context';
import {
  peerApplication,
  peerOrganization,
  stableUuid,
  type PeerApplicationRow,
  type PeerPoolRow,
} from './peer-rows';
import { createRng } from './prng';

/** The demo's peer companies and their head counts. */
export const DEMO_PEERS = [
  ['Brightwave Analytics', 140],
  ['Northfield Logistics', 220],
  ['Oakline Health', 95],
  ['Silverbridge Legal', 60],
  ['Redstone Retail', 310],
  ['Clearpeak Systems', 180],
  ['Swiftharbor Foods', 120],
  ['Ironleaf Studio', 45],
] as const;

export const demoPeerId = (index: number) => stableUuid('demo-peer-organization', index);

const BAND_RANGES: Record<SeatBand, [number, number]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-250': [51, 250],
  '251+': [251, 5000],
};

export function seatBandOf(seats: number): SeatBand {
  return SEAT_BANDS.find((band) => seats <= BAND_RANGES[band][1]) ?? '251+';
}

type Application = typeof subscriptions.$inferSelect;
interface Tier {
  name: string;
  seats: number;
  unitPriceMinor: number;
}

/** The demo's applications a peer figure could be shown for: catalogue-linked, live, priced. */
async function demoPurchases(ctx: DemoContext) {
  const apps = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, ctx.orgId), ne(subscriptions.status, 'cancelled')));
  // In a fixed order: the first tier prices the peers, and the cell key must not depend on the
  // order the database happens to return the pools in (it did, under load).
  const pools = await ctx.db
    .select()
    .from(licensePools)
    .where(eq(licensePools.organizationId, ctx.orgId))
    .orderBy(asc(licensePools.tierName), asc(licensePools.seats), asc(licensePools.unitPriceMinor));
  return apps
    .filter((a) => a.catalogSlug && findCatalogApp(a.catalogSlug))
    .filter((a) => (a.pricingModel === 'per-seat' ? (a.unitPriceMinor ?? 0) > 0 : a.pricingModel === 'flat'))
    .filter((a) => a.pricingModel === 'per-seat' || a.amountMinor > 0)
    .map((app) => ({
      app,
      tiers: pools
        .filter((p) => p.subscriptionId === app.id && (p.seats ?? 0) > 0 && p.unitPriceMinor > 0)
        .map((p): Tier => ({ name: p.tierName, seats: p.seats!, unitPriceMinor: p.unitPriceMinor })),
    }));
}

/** What makes two purchases fall in the same benchmark cells. */
function cellKey(app: Application, tiers: Tier[]): string {
  const seats = tiers.length > 0 ? tiers.map((t) => `${t.name}:${seatBandOf(t.seats)}`) : [];
  if (tiers.length === 0 && app.seats) seats.push(seatBandOf(app.seats));
  return [
    app.catalogSlug,
    app.pricingModel,
    app.billingCycle,
    app.intervalMonths,
    app.contractTermMonths,
    app.currency,
    ...seats,
  ].join('|');
}

/** A seat count in the same band as `seats`, within ±40 % of it. */
function seatsLike(seats: number, random: () => number): number {
  const [low, high] = BAND_RANGES[seatBandOf(seats)];
  const from = Math.max(low, Math.floor(seats * 0.6));
  const to = Math.min(high, Math.ceil(seats * 1.4));
  return from + Math.floor(random() * (to - from + 1));
}

export async function generateBenchmarkPeers(ctx: DemoContext): Promise<void> {
  if (!ctx.options.peers) return;
  const purchases = await demoPurchases(ctx);
  const orgs = DEMO_PEERS.map(([name, headcount], i) =>
    peerOrganization(demoPeerId(i), name, ctx.currency, headcount, ctx.now),
  );
  const applications = new Map<string, PeerApplicationRow>();
  const pools: PeerPoolRow[] = [];
  for (const { app, tiers } of purchases) {
    const key = cellKey(app, tiers);
    const catalog = findCatalogApp(app.catalogSlug!)!;
    for (const org of orgs) {
      const id = stableUuid(org.id, 'demo-purchase', key);
      if (applications.has(id)) continue;
      const rng = createRng(parseInt(id.slice(0, 8), 16));
      // Most pay a little less than the demo company, a few more.
      const factor = () => 0.78 + rng.next() * 0.34;
      const main = tiers[0] ?? {
        name: 'Standard',
        seats: app.seats ?? 1,
        unitPriceMinor: app.unitPriceMinor ?? app.amountMinor,
      };
      const { application, pool } = peerApplication({
        orgId: org.id,
        id,
        app: catalog,
        plan: main.name,
        unit: app.pricingModel === 'per-seat' ? 'user' : 'flat',
        billingCycle: app.billingCycle as BillingCycle,
        intervalMonths: app.intervalMonths,
        contractTermMonths: app.contractTermMonths,
        pricePerCycleMinor: Math.max(
          1,
          Math.round((app.pricingModel === 'per-seat' ? main.unitPriceMinor : app.amountMinor) * factor()),
        ),
        currency: app.currency,
        seats: app.pricingModel === 'per-seat' ? seatsLike(main.seats, rng.next) : null,
        status: 'active',
        today: ctx.today,
        now: ctx.now,
        rng,
      });
      applications.set(id, application);
      // A pool per tier, like the demo's (per-seat applications without one stay without).
      if (pool && tiers.length > 0) pools.push(pool);
      for (const extra of tiers.slice(1)) {
        pools.push({
          ...pool!,
          id: stableUuid(id, 'pool', extra.name),
          tierName: extra.name,
          seats: seatsLike(extra.seats, rng.next),
          unitPriceMinor: Math.max(1, Math.round(extra.unitPriceMinor * factor())),
        });
      }
    }
  }
  await bulkInsert(ctx.db, organizations, orgs, { onConflictDoNothing: true });
  await bulkInsert(ctx.db, subscriptions, [...applications.values()], { onConflictDoNothing: true });
  await bulkInsert(ctx.db, licensePools, pools, { onConflictDoNothing: true });
}
