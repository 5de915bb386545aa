// Booking one invoice (issue 18), inside the caller's transaction: find or create its application,
// record (or link) the expense with the invoice attached, follow the application's price and
// renewal. Used by processing (high confidence, the inbound-mail actor) and by a person's
// accept/merge in the inbox. Its writes are steps of the caller's one audit row.
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { BillingCycle } from '../../../common/billing';
import { findCatalogApp } from '../../../common/catalog/catalog';
import type { MatchMethod } from '../../../common/contracts/expenses';
import type { InvoiceFields } from '../../../common/contracts/invoice-forwarding';
import { addDays, daysBetween } from '../../../common/dates';
import type { CurrencyCode } from '../../../common/money';
import { PLANS, type PlanId } from '../../../common/plans';
import type { DbOrTx } from '../../db/client';
import type { InboundStoredAttachment } from '../../db/schema/invoice-forwarding';
import { AppError, notFound } from '../../errors';
import type { ActingContext, TxContext } from '../../lib/acting-context';
import { collectAuditSteps, withSteps } from '../../lib/audit';
import type { ServiceDeps } from '../../types';
import {
  findChargeForInvoice,
  linkInvoiceToExpense,
  matcherFor,
  recordInvoiceExpense,
  type InvoiceDocument,
} from '../expenses';
import { findOrganization, markSetupStep } from '../organizations';
import { applySubscriptionUpdate, createSubscription, findSubscription } from '../subscriptions';

/** The fields booking cannot do without. */
export type BookableFields = InvoiceFields & {
  vendorName: string;
  issueDate: string;
  totalMinor: number;
  currency: string;
};

export type BookingOutcome =
  | {
      booked: true;
      expenseId: string;
      subscriptionId: string;
      linked: boolean;
      /** What the booking did, for the one audit row of the action that booked it. */
      auditChanges: Record<string, unknown>;
    }
  | { booked: false; upgradeRequired: true; reason: string; error: AppError };

/** Words marking a message held back by the plan's application limit (see upgradeRequired). */
export const UPGRADE_REASON_MARK = 'upgrade to add';

/** Billing cycle a service period spans; null when it is no usual cycle. */
export function cycleOfPeriod(start: string | null, end: string | null): BillingCycle | null {
  if (!start || !end) return null;
  const days = daysBetween(start, end) + 1;
  if (days >= 26 && days <= 32) return 'monthly';
  if (days >= 85 && days <= 95) return 'quarterly';
  if (days >= 178 && days <= 188) return 'semi-annual';
  if (days >= 360 && days <= 370) return 'annual';
  return null;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

/**
 * The expense gets its own copy of the invoice document: deleting the expense (which removes its
 * document) must not take the inbox's original with it.
 */
async function copyDocument(
  deps: ServiceDeps,
  orgId: string,
  attachment: InboundStoredAttachment | null,
): Promise<InvoiceDocument | null> {
  if (!attachment?.key) return null;
  const file = await deps.storage.get(attachment.key);
  if (!file) return null;
  const bytes = await buffer(file.stream);
  const key = `${orgId}/expenses/${randomUUID()}.${EXTENSIONS[attachment.type] ?? 'bin'}`;
  await deps.storage.put(key, bytes, { contentType: attachment.type });
  return { key, name: attachment.name, type: attachment.type, size: bytes.length };
}

/** The application named (merge), else the one the expense matcher finds, else null. */
async function existingApplication(
  tx: DbOrTx,
  orgId: string,
  fields: BookableFields,
  subscriptionId: string | undefined,
): Promise<{ id: string; method: MatchMethod } | null> {
  if (subscriptionId) {
    const app = await findSubscription(tx, orgId, subscriptionId);
    if (!app) throw notFound('Application');
    return { id: app.id, method: 'manual' };
  }
  const match = await matcherFor(tx, orgId);
  const catalogName = fields.catalogSlug ? findCatalogApp(fields.catalogSlug)?.name : undefined;
  for (const text of [catalogName, fields.vendorName]) {
    if (!text) continue;
    const outcome = match(text);
    if (outcome.matchStatus === 'matched' && outcome.subscriptionId && outcome.matchMethod) {
      return { id: outcome.subscriptionId, method: outcome.matchMethod };
    }
  }
  return null;
}

function upgradeReason(error: AppError, vendor: string): string {
  const plan = PLANS[error.details.plan as PlanId]?.name ?? 'Your';
  return `${plan} plan: ${String(error.details.limit)} applications — ${UPGRADE_REASON_MARK} ${vendor}`;
}

interface BookingInput {
  fields: BookableFields;
  document: InboundStoredAttachment | null;
  subscriptionId?: string;
}

/**
 * Books the invoice once; the caller holds the message's row lock (in `ctx.tx`) and has ruled out
 * duplicates. Writes no audit row itself: the caller records one for its action, with
 * `auditChanges` (the application and expense writes are its steps).
 */
export async function bookInvoice(
  deps: ServiceDeps,
  ctx: TxContext,
  input: BookingInput,
): Promise<BookingOutcome> {
  const { result, steps } = await collectAuditSteps(ctx, (acting) => book(deps, acting, input));
  if (!result.booked) return result;
  return { ...result, auditChanges: withSteps(result.auditChanges, steps) };
}

async function book(deps: ServiceDeps, acting: TxContext, input: BookingInput): Promise<BookingOutcome> {
  const { fields } = input;
  const { tx, now } = acting;
  const org = await findOrganization(tx, acting.orgId);
  if (!org) throw notFound('Organization');
  const ctx = { ...acting, org };
  const cycle = cycleOfPeriod(fields.periodStart, fields.periodEnd);
  const renewal = fields.periodEnd ? addDays(fields.periodEnd, 1) : null;
  let app = await existingApplication(tx, ctx.orgId, fields, input.subscriptionId);
  let created = false;
  if (!app) {
    const entry = fields.catalogSlug ? findCatalogApp(fields.catalogSlug) : undefined;
    try {
      // A savepoint: a refused create (plan limit) leaves the caller's transaction usable.
      const made = await createSubscription(deps, ctx, {
        name: entry?.name ?? fields.vendorName,
        catalogSlug: entry?.slug ?? null,
        vendorName: entry?.vendor ?? fields.vendorName,
        ...invoicePriceTerms(fields),
        currency: fields.currency as CurrencyCode,
        billingCycle: cycle ?? 'monthly',
        nextRenewalDate: renewal,
      });
      app = { id: made.id, method: entry ? 'catalog' : 'application' };
      created = true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'plan_limit') {
        return {
          booked: false,
          upgradeRequired: true,
          reason: upgradeReason(error, entry?.name ?? fields.vendorName),
          error,
        };
      }
      throw error;
    }
  }
  if (!created) await followApplication(ctx, app.id, fields, cycle, renewal);

  const charge = await findChargeForInvoice(tx, ctx.orgId, {
    subscriptionId: app.id,
    date: fields.issueDate,
    amountMinor: fields.totalMinor,
    currency: fields.currency,
    merchant: fields.vendorName,
  });
  const document = await copyDocument(deps, ctx.orgId, input.document);
  const invoice = {
    invoiceNumber: fields.invoiceNumber,
    servicePeriodStart: fields.periodStart,
    servicePeriodEnd: fields.periodEnd,
    document,
  };
  let expenseId: string;
  if (charge) {
    await linkInvoiceToExpense(deps, acting, charge.id, {
      ...invoice,
      subscriptionId: app.id,
      matchMethod: app.method,
    });
    expenseId = charge.id;
  } else {
    expenseId = await recordInvoiceExpense(deps, acting, {
      ...invoice,
      subscriptionId: app.id,
      matchMethod: app.method,
      date: fields.issueDate,
      amountMinor: fields.totalMinor,
      currency: fields.currency,
      merchant: fields.vendorName,
    });
  }
  await markSetupStep(tx, ctx.orgId, 'importExpenses', now);
  const auditChanges = {
    expenseId,
    subscriptionId: app.id,
    linked: Boolean(charge),
    createdApplication: created,
    invoiceNumber: fields.invoiceNumber,
    totalMinor: fields.totalMinor,
    currency: fields.currency,
  };
  return { booked: true, expenseId, subscriptionId: app.id, linked: Boolean(charge), auditChanges };
}

/**
 * What the invoice says one cycle costs, before tax (list prices and application prices are net;
 * VAT is recovered): per seat when it bills one line of whole seats × a unit price, else flat.
 */
export function invoicePriceTerms(fields: BookableFields) {
  const net = fields.totalMinor - (fields.taxMinor ?? 0);
  const lines = fields.lineItems.filter((l) => (l.amountMinor ?? 0) > 0);
  const seat = lines.length === 1 ? lines[0] : undefined;
  if (seat?.quantity && Number.isInteger(seat.quantity) && seat.quantity > 1 && seat.unitAmountMinor) {
    return {
      pricingModel: 'per-seat' as const,
      seats: seat.quantity,
      unitPriceMinor: seat.unitAmountMinor,
      amountMinor: seat.quantity * seat.unitAmountMinor,
    };
  }
  return { pricingModel: 'flat' as const, amountMinor: net };
}

/**
 * The application follows its invoices: a different amount for its own cycle becomes its price
 * (price history, `subscription.price_changed`), and the period's end moves the next renewal.
 */
async function followApplication(
  ctx: TxContext<ActingContext>,
  id: string,
  fields: BookableFields,
  cycle: BillingCycle | null,
  renewal: string | null,
) {
  const { tx, now } = ctx;
  const app = await findSubscription(tx, ctx.orgId, id);
  if (!app) return;
  const change: { amountMinor?: number; seats?: number; unitPriceMinor?: number; nextRenewalDate?: string } =
    {};
  // Only an invoice for the application's own cycle and currency says what a cycle costs now.
  if (cycle !== null && cycle === app.billingCycle && app.currency === fields.currency) {
    const terms = invoicePriceTerms(fields);
    if (app.pricingModel === 'per-seat' && terms.pricingModel === 'per-seat') {
      if (terms.unitPriceMinor !== app.unitPriceMinor) change.unitPriceMinor = terms.unitPriceMinor;
      if (terms.seats !== app.seats) change.seats = terms.seats;
    } else if (app.pricingModel === 'flat' && terms.amountMinor !== app.amountMinor) {
      change.amountMinor = terms.amountMinor;
    }
  }
  if (renewal && (!app.nextRenewalDate || renewal > app.nextRenewalDate)) change.nextRenewalDate = renewal;
  if (Object.keys(change).length === 0) return;
  await applySubscriptionUpdate(tx, ctx, id, change, now);
}
