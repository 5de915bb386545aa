// Rows of peer organizations (issue 17): companies that exist only to feed the installation-wide
// peer benchmark. The organizations table has no kind/flag column, so what marks a peer is what it
// lacks: no memberships, users, invitations, vendors or people — nobody can sign in to it, be
// invited to it or see it; only the nightly aggregate reads its applications.
import { createHash } from 'node:crypto';
import type { BillingCycle } from '../../common/billing';
import { listPricePerCycle } from '../../common/catalog/list-price';
import type { CatalogApp, CatalogPrice } from '../../common/catalog/types';
import { addDays } from '../../common/dates';
import type { licensePools, organizations, subscriptions } from '../../server/db/schema';
import { derivedCosts } from '../../server/modules/subscriptions';
import type { Rng } from './prng';

export type PeerOrganizationRow = typeof organizations.$inferInsert;
export type PeerApplicationRow = typeof subscriptions.$inferInsert & { id: string };
export type PeerPoolRow = typeof licensePools.$inferInsert;

/** A UUID derived from its parts: the same seed makes the same rows, and a re-run conflicts. */
export function stableUuid(...parts: Array<string | number>): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Company size field from a head count, as the sign-up form offers them. */
export function companySizeFor(headcount: number): string {
  if (headcount <= 10) return '1-10';
  if (headcount <= 50) return '11-50';
  if (headcount <= 200) return '51-200';
  return headcount <= 1000 ? '201-1000' : '1000+';
}

export function peerOrganization(id: string, name: string, currency: string, headcount: number, now: Date) {
  return {
    id,
    name,
    currency,
    companySize: companySizeFor(headcount),
    subscriptionPlan: 'starter',
    accountStatus: 'active',
    createdAt: now,
    updatedAt: now,
  } satisfies PeerOrganizationRow;
}

/** Prices a peer could be on: paid, not metered (a usage price is no seat or account price). */
export function comparablePrices(app: CatalogApp): CatalogPrice[] {
  return (app.prices ?? []).filter((p) => p.amountMinor > 0 && p.unit !== 'usage');
}

export interface PeerTerms {
  orgId: string;
  id: string;
  app: CatalogApp;
  /** The catalogue plan the price is on; per-user plans become the application's license tier. */
  plan: string;
  unit: 'user' | 'flat';
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  contractTermMonths: number | null;
  /** Per seat (user) or for the account (flat), per billing cycle, in `currency`. */
  pricePerCycleMinor: number;
  currency: string;
  seats: number | null;
  status: 'active' | 'trial' | 'cancelled';
  today: string;
  now: Date;
  rng: Rng;
}

/** One peer application and, for per-seat prices, its license pool named after the catalogue plan. */
export function peerApplication(t: PeerTerms): { application: PeerApplicationRow; pool: PeerPoolRow | null } {
  const perSeat = t.unit === 'user';
  const seats = perSeat ? Math.max(1, t.seats ?? 1) : null;
  const terms = {
    pricingModel: perSeat ? ('per-seat' as const) : ('flat' as const),
    billingCycle: t.billingCycle,
    intervalMonths: t.intervalMonths,
    amountMinor: perSeat ? 0 : t.pricePerCycleMinor,
    seats,
    unitPriceMinor: perSeat ? t.pricePerCycleMinor : null,
    currency: t.currency,
  };
  const horizon = t.billingCycle === 'monthly' ? 29 : t.billingCycle === 'quarterly' ? 89 : 364;
  const nextRenewalDate = addDays(t.today, t.rng.int(0, horizon));
  const application: PeerApplicationRow = {
    id: t.id,
    organizationId: t.orgId,
    name: t.app.name,
    catalogSlug: t.app.slug,
    status: t.status,
    // Like the demo company's: cancelled two months ago.
    cancelledOn: t.status === 'cancelled' ? addDays(t.today, -60) : null,
    ...terms,
    ...derivedCosts(terms),
    startDate: addDays(nextRenewalDate, -365 * t.rng.int(1, 3)),
    contractTermMonths: t.contractTermMonths,
    nextRenewalDate,
    autoRenew: t.rng.chance(0.85),
    url: `https://${t.app.domain}`,
    createdAt: t.now,
    updatedAt: t.now,
  };
  const pool: PeerPoolRow | null = perSeat
    ? {
        id: stableUuid(t.id, 'pool', t.plan),
        organizationId: t.orgId,
        subscriptionId: t.id,
        tierName: t.plan,
        seats,
        unitPriceMinor: t.pricePerCycleMinor,
        billingCycle: t.billingCycle,
        intervalMonths: application.intervalMonths ?? null,
        currency: t.currency,
        createdAt: t.now,
        updatedAt: t.now,
      }
    : null;
  return { application, pool };
}

/** A list price over `cycle`, times a negotiated factor (a discount below 1), in whole cents. */
export function negotiatedPerCycle(
  price: Pick<CatalogPrice, 'amountMinor' | 'period'>,
  cycle: BillingCycle,
  intervalMonths: number | null,
  factor: number,
): number {
  return Math.max(1, Math.round(listPricePerCycle(price, cycle, intervalMonths) * factor));
}
