import { listPriceCycle, type ListPrice } from '@common/catalog/list-price';
import type { CreateSubscriptionBody } from '@common/contracts/subscriptions';
import { isCurrencyCode, toMinor } from '@common/money';
import { apiRequest, isStatus } from '@/lib/api-client';

/** An application listed in the onboarding step, with what the user said about its cost. */
export interface FirstApplication {
  name: string;
  /** Picked from the catalogue: the server pre-fills vendor, category, logo, list price and renewal. */
  catalogSlug: string | null;
  /** The catalogue's list price, when it has one. */
  listPrice: ListPrice | null;
  /** Seats, for a per-user list price. */
  seats: string;
  /** Per seat (per-user list price) or for the account, per list-price period; empty: the list price. */
  price: string;
}

export type FirstApplicationBody = { body: CreateSubscriptionBody } | { error: string };

/**
 * The create body for one onboarding application, or why it cannot be sent. A price typed in the
 * organization's currency wins; else the catalogue's list price is used (for the seats given).
 */
export function firstApplicationBody(app: FirstApplication, currency: string): FirstApplicationBody {
  const base: CreateSubscriptionBody = { name: app.name };
  if (app.catalogSlug) base.catalogSlug = app.catalogSlug;
  const perSeat = app.listPrice?.unit === 'user';
  let seats: number | undefined;
  if (perSeat) {
    seats = Number(app.seats.trim() || '1');
    if (!Number.isInteger(seats) || seats < 1) return { error: 'Seats must be a whole number, at least 1' };
    base.seats = seats;
  }
  if (!app.price.trim() || !isCurrencyCode(currency)) return { body: base };
  let minor: number;
  try {
    minor = toMinor(app.price, currency);
  } catch {
    return { error: 'Enter a price, e.g. 12.50' };
  }
  if (minor < 0) return { error: 'Enter a price, e.g. 12.50' };
  const billingCycle = app.listPrice ? listPriceCycle(app.listPrice) : 'monthly';
  return {
    body: perSeat
      ? { ...base, currency, billingCycle, pricingModel: 'per-seat', unitPriceMinor: minor }
      : { ...base, currency, billingCycle, pricingModel: 'flat', amountMinor: minor },
  };
}

export type CreateApplicationsResult = { created: number; unavailable: boolean; failed: string[] };

/**
 * POST /api/subscriptions for each application listed during onboarding. A 404 means this server
 * has no applications endpoint yet: creation is skipped rather than blocking the user.
 */
export async function createFirstApplications(bodies: CreateSubscriptionBody[]): Promise<CreateApplicationsResult> {
  const result: CreateApplicationsResult = { created: 0, unavailable: false, failed: [] };
  for (const body of bodies) {
    try {
      await apiRequest('POST', '/api/subscriptions', body);
      result.created += 1;
    } catch (error) {
      if (isStatus(error, 404)) return { ...result, unavailable: true };
      result.failed.push(body.name);
    }
  }
  return result;
}
