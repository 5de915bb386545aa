// Price history from the charges (issue 31). A recurring charge matched to an application whose
// amount differs from the application's previous charge in the same currency records a dated
// price-history row (source `charge`, effective on the charge's date, naming the charge), through
// the subscriptions module's writer. Run after `expense.recorded` (and by the demo generator).
//
// What the amount says: a flat price is the amount itself; a per-seat bill that is a whole number
// of the application's seat price is that many seats (the seat price unchanged); otherwise it is a
// new seat price on the seats of the charge next to it (or the application's seat count). Usage-priced applications are left out: their bills move with use, not with the price.
// One row per charge, ever (unique index on the source charge): a retried event adds nothing.
import { isBillingCycle, monthlyEquivalentMinor, type BillingCycle } from '../../../common/billing';
import type { DbOrTx } from '../../db/client';
import type { PriceTerms } from '../../db/schema';
import type { EventHandler } from '../../lib/events/event-bus';
import {
  findSubscription,
  insertPriceChanges,
  type NewPriceChangeRow,
  type SubscriptionRow,
} from '../subscriptions';
import {
  chargesOfApplicationsInOrder,
  chargesWithPriceChanges,
  matchedChargesAmong,
} from './charge-price-changes.repo';

const FIELDS = ['amountMinor', 'seats', 'unitPriceMinor'] as const;

/**
 * The application's terms as one charge of `amountMinor` shows them; `seatsHint` is the seat count
 * of the neighbouring charge, taken when the amount is not a whole number of seat prices (a new
 * seat price on as many seats).
 */
export function termsOfCharge(
  app: SubscriptionRow,
  amountMinor: number,
  seatsHint?: number | null,
): PriceTerms {
  const cycle: BillingCycle = isBillingCycle(app.billingCycle) ? app.billingCycle : 'monthly';
  let seats = app.seats;
  let unitPriceMinor = app.unitPriceMinor;
  if (app.pricingModel === 'per-seat') {
    const seatsNow = seatsHint ?? seats;
    if (unitPriceMinor && unitPriceMinor > 0 && amountMinor % unitPriceMinor === 0) {
      seats = amountMinor / unitPriceMinor;
    } else if (seatsNow && seatsNow > 0) {
      seats = seatsNow;
      unitPriceMinor = Math.round(amountMinor / seatsNow);
    } else {
      unitPriceMinor = null;
    }
  }
  return {
    pricingModel: app.pricingModel,
    billingCycle: cycle,
    intervalMonths: app.intervalMonths,
    amountMinor,
    seats,
    unitPriceMinor,
    currency: app.currency,
    monthlyMinor: monthlyEquivalentMinor(amountMinor, cycle, app.intervalMonths),
  };
}

/** Before and after terms of two consecutive charges: a seat price change keeps the seat count. */
export function termsOfCharges(app: SubscriptionRow, beforeMinor: number, afterMinor: number) {
  const whole = (amount: number) =>
    app.pricingModel === 'per-seat' && !!app.unitPriceMinor && amount % app.unitPriceMinor === 0;
  if (whole(beforeMinor) || !whole(afterMinor)) {
    const previous = termsOfCharge(app, beforeMinor);
    return { previous, current: termsOfCharge(app, afterMinor, previous.seats) };
  }
  const current = termsOfCharge(app, afterMinor);
  return { previous: termsOfCharge(app, beforeMinor, current.seats), current };
}

interface Charge {
  id: string;
  subscriptionId: string;
  date: string;
  amountMinor: number;
  currency: string;
}

/**
 * Records the price changes the given charges show (each compared with the application's charge
 * before it, same currency). Answers how many rows were added.
 */
export async function recordChargePriceChanges(
  db: DbOrTx,
  orgId: string,
  expenseIds: readonly string[],
  now: Date,
): Promise<number> {
  if (expenseIds.length === 0) return 0;
  const wanted = new Set(expenseIds);
  const recorded: Charge[] = [];
  for (let i = 0; i < expenseIds.length; i += 5000) {
    const rows = await matchedChargesAmong(db, orgId, expenseIds.slice(i, i + 5000));
    recorded.push(...rows.map((r) => ({ ...r, subscriptionId: r.subscriptionId! }) as Charge));
  }
  const appIds = [...new Set(recorded.map((r) => r.subscriptionId))];
  if (appIds.length === 0) return 0;
  // Every charge of those applications, in order: each recorded one is compared with the one before.
  const charges = await chargesOfApplicationsInOrder(db, orgId, appIds);
  const done = await chargesWithPriceChanges(db, orgId, appIds);
  const apps = new Map<string, SubscriptionRow>();
  for (const id of appIds) {
    const app = await findSubscription(db, orgId, id);
    if (app) apps.set(id, app);
  }
  const rows: NewPriceChangeRow[] = [];
  charges.forEach((charge, i) => {
    const before = charges[i - 1];
    if (!wanted.has(charge.id) || done.has(charge.id)) return;
    if (!before || before.subscriptionId !== charge.subscriptionId || before.currency !== charge.currency)
      return;
    if (before.amountMinor === charge.amountMinor || charge.amountMinor <= 0 || before.amountMinor <= 0)
      return;
    const app = apps.get(charge.subscriptionId!);
    // Only what the application is billed in; usage-priced bills move with use.
    if (!app || app.pricingModel === 'usage' || app.currency !== charge.currency) return;
    const { previous, current } = termsOfCharges(app, before.amountMinor, charge.amountMinor);
    rows.push({
      organizationId: orgId,
      subscriptionId: app.id,
      changedAt: now,
      effectiveDate: charge.date,
      changedBy: null,
      source: 'charge',
      fields: FIELDS.filter((f) => previous[f] !== current[f]),
      previous,
      current,
      sourceExpenseId: charge.id,
    });
  });
  await insertPriceChanges(db, rows);
  return rows.length;
}

/** Price history follows recorded charges. */
export const chargePriceChangesHandler: EventHandler<'expense.recorded'> = {
  name: 'expenses.charge-price-changes',
  events: ['expense.recorded'],
  handle: async (tx, event) => {
    await recordChargePriceChanges(tx, event.organizationId, event.payload.expenseIds, event.occurredAt);
  },
};
