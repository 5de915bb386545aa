// The add/edit form: strings in the inputs, converted to the API body and checked with the
// contract's own zod schema (so the client and the server agree on every rule and message).
import { z } from 'zod';
import { BILLING_CYCLES, PRICING_MODELS, type BillingCycle, type PricingModel } from '@common/billing';
import { listPriceTerms, type ListPrice } from '@common/catalog/list-price';
import {
  createSubscriptionBody,
  SUBSCRIPTION_STATUSES,
  updateSubscriptionBody,
  type CreateSubscriptionBody,
  type Subscription,
  type SubscriptionStatus,
} from '@common/contracts/subscriptions';
import { isCurrencyCode, toDecimalString, toMinor } from '@common/money';

export interface SubscriptionFormValues {
  catalogSlug: string;
  name: string;
  vendorName: string;
  categoryId: string;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  intervalMonths: string;
  pricingModel: PricingModel;
  amount: string;
  unitPrice: string;
  seats: string;
  currency: string;
  nextRenewalDate: string;
  autoRenew: boolean;
  noticePeriodDays: string;
  ownerUserId: string;
  url: string;
  notes: string;
  department: string;
  paymentMethodId: string;
  tagIds: string[];
  startDate: string;
  contractTermMonths: string;
  /** Cancelled applications only; blank = today when it becomes cancelled, else unchanged. */
  cancelledOn: string;
}

export function emptyForm(currency: string): SubscriptionFormValues {
  return {
    catalogSlug: '',
    name: '',
    vendorName: '',
    categoryId: '',
    status: 'active',
    billingCycle: 'monthly',
    intervalMonths: '',
    pricingModel: 'flat',
    amount: '',
    unitPrice: '',
    seats: '',
    currency,
    nextRenewalDate: '',
    autoRenew: true,
    noticePeriodDays: '0',
    ownerUserId: '',
    url: '',
    notes: '',
    department: '',
    paymentMethodId: '',
    tagIds: [],
    startDate: '',
    contractTermMonths: '',
    cancelledOn: '',
  };
}

export function formFromSubscription(s: Subscription): SubscriptionFormValues {
  return {
    catalogSlug: s.catalogSlug ?? '',
    name: s.name,
    vendorName: s.vendorName ?? '',
    categoryId: s.categoryId ?? '',
    status: s.status,
    billingCycle: s.billingCycle,
    intervalMonths: s.intervalMonths === null ? '' : String(s.intervalMonths),
    pricingModel: s.pricingModel,
    amount: toDecimalString(s.amountMinor, s.currency),
    unitPrice: s.unitPriceMinor === null ? '' : toDecimalString(s.unitPriceMinor, s.currency),
    seats: s.seats === null ? '' : String(s.seats),
    currency: s.currency,
    nextRenewalDate: s.nextRenewalDate ?? '',
    autoRenew: s.autoRenew,
    noticePeriodDays: String(s.noticePeriodDays),
    ownerUserId: s.ownerUserId ?? '',
    url: s.url ?? '',
    notes: s.notes ?? '',
    department: s.department ?? '',
    paymentMethodId: s.paymentMethodId ?? '',
    tagIds: s.tagIds,
    startDate: s.startDate ?? '',
    contractTermMonths: s.contractTermMonths === null ? '' : String(s.contractTermMonths),
    cancelledOn: s.cancelledOn ?? '',
  };
}

const NOT_A_NUMBER = Number.NaN;

/** Decimal text → minor units; NaN (caught by the contract's number check) when unreadable. */
function money(text: string, currency: string): number | undefined {
  if (!text.trim()) return undefined;
  try {
    return toMinor(text, currency);
  } catch {
    return NOT_A_NUMBER;
  }
}

function whole(text: string): number | null {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : NOT_A_NUMBER;
}

const blank = (text: string) => (text.trim() ? text.trim() : null);

export function toBody(v: SubscriptionFormValues): CreateSubscriptionBody {
  const perSeat = v.pricingModel === 'per-seat';
  return {
    name: v.name,
    vendorName: blank(v.vendorName),
    catalogSlug: blank(v.catalogSlug),
    categoryId: blank(v.categoryId),
    status: v.status,
    billingCycle: v.billingCycle,
    intervalMonths: v.billingCycle === 'multi-year' ? whole(v.intervalMonths) : null,
    pricingModel: v.pricingModel,
    amountMinor: perSeat ? undefined : (money(v.amount, v.currency) ?? 0),
    unitPriceMinor: perSeat ? (money(v.unitPrice, v.currency) ?? null) : null,
    seats: whole(v.seats),
    currency: isCurrencyCode(v.currency) ? v.currency : undefined,
    nextRenewalDate: blank(v.nextRenewalDate),
    autoRenew: v.autoRenew,
    noticePeriodDays: whole(v.noticePeriodDays) ?? 0,
    ownerUserId: blank(v.ownerUserId),
    url: v.url.trim(),
    notes: blank(v.notes),
    department: blank(v.department),
    paymentMethodId: blank(v.paymentMethodId),
    tagIds: v.tagIds,
    startDate: blank(v.startDate),
    contractTermMonths: whole(v.contractTermMonths),
    cancelledOn: v.status === 'cancelled' ? blank(v.cancelledOn) : null,
  };
}

/**
 * The price inputs a catalogue list price gives for the form's cycle, term, seats and pricing model
 * (the rule the server applies too); null while the cycle's term or the seats cannot be read.
 */
export function catalogPriceInputs(
  price: ListPrice,
  v: Pick<SubscriptionFormValues, 'billingCycle' | 'intervalMonths' | 'seats' | 'pricingModel'>,
): Pick<SubscriptionFormValues, 'unitPrice'> | Pick<SubscriptionFormValues, 'amount'> | null {
  const seats = whole(v.seats);
  if (Number.isNaN(seats)) return null;
  try {
    const terms = listPriceTerms(price, {
      billingCycle: v.billingCycle,
      intervalMonths: v.billingCycle === 'multi-year' ? whole(v.intervalMonths) : null,
      pricingModel: v.pricingModel,
      seats,
    });
    return terms.unitPriceMinor !== null
      ? { unitPrice: toDecimalString(terms.unitPriceMinor, price.currency) }
      : { amount: toDecimalString(terms.amountMinor, price.currency) };
  } catch {
    return null; // a multi-year term that is not yet whole years
  }
}

/** Body field → the form input showing its error. */
const FIELD_OF: Record<string, keyof SubscriptionFormValues> = {
  amountMinor: 'amount',
  unitPriceMinor: 'unitPrice',
};
export const formField = (field: string) => (FIELD_OF[field] ?? field) as keyof SubscriptionFormValues;

/** Form schema for react-hook-form: field shapes here, every business rule from the contract. */
export function subscriptionFormSchema(mode: 'create' | 'edit') {
  const contract = mode === 'create' ? createSubscriptionBody : updateSubscriptionBody;
  return z
    .object({
      catalogSlug: z.string(),
      name: z.string(),
      vendorName: z.string(),
      categoryId: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      billingCycle: z.enum(BILLING_CYCLES),
      intervalMonths: z.string(),
      pricingModel: z.enum(PRICING_MODELS),
      amount: z.string(),
      unitPrice: z.string(),
      seats: z.string(),
      currency: z.string(),
      nextRenewalDate: z.string(),
      autoRenew: z.boolean(),
      noticePeriodDays: z.string(),
      ownerUserId: z.string(),
      url: z.string(),
      notes: z.string(),
      department: z.string(),
      paymentMethodId: z.string(),
      tagIds: z.array(z.string()),
      startDate: z.string(),
      contractTermMonths: z.string(),
      cancelledOn: z.string(),
    })
    .superRefine((values, ctx) => {
      const result = contract.safeParse(toBody(values));
      if (result.success) return;
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        // Unreadable text reaches the contract as NaN; its own message (e.g. "Whole months") otherwise.
        const unreadable = issue.code === 'invalid_type' && issue.expected === 'number';
        const message = unreadable ? 'Enter a number, e.g. 12.50' : issue.message;
        ctx.addIssue({ code: 'custom', path: [formField(field)], message });
      }
    });
}
