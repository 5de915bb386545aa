// Everything the detectors read about one organization, as plain data: loaded once per generation
// (loadInsightSnapshot), then every detector is a pure function of it and the settings.
import type { BillingCycle, PricingModel } from '../../../common/billing';
import type { ListPrice } from '../../../common/catalog/list-price';
import type { MerchantKind } from '../../../common/catalog/merchant-kind';
import type { CatalogFunction } from '../../../common/catalog/functions';
import type { PersonStatus } from '../../../common/contracts/people';
import type { PriceFields } from '../subscriptions';
import type { DecisionStatus } from '../../../common/contracts/renewals';

export type ApplicationStatus = 'active' | 'trial' | 'paused' | 'cancelled';

export interface SnapshotApplication {
  id: string;
  name: string;
  catalogSlug: string | null;
  vendorId: string | null;
  vendorName: string | null;
  status: ApplicationStatus;
  archived: boolean;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  pricingModel: PricingModel;
  seats: number | null;
  /** Per seat per cycle (per-seat pricing). */
  unitPriceMinor: number | null;
  /** Cost per cycle (per-seat: seats × unit price). */
  amountMinor: number;
  annualCostMinor: number;
  currency: string;
  startDate: string | null;
  nextRenewalDate: string | null;
  noticePeriodDays: number;
  autoRenew: boolean;
  /** The day it was cancelled; null unless cancelled. */
  cancelledOn: string | null;
  /** The member who owns it; `isMember` false once they left the organization. */
  owner: { userId: string; name: string; email: string; isMember: boolean } | null;
  department: string | null;
  /** Calendar date it was added. */
  createdDate: string;
}

/** Seats of one tier of an application; a 0 unit price means free or not entered (see seatPrice). */
export interface SnapshotPool {
  id: string;
  applicationId: string;
  tierName: string;
  /** null = unlimited. */
  seats: number | null;
  unitPriceMinor: number;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  currency: string;
}

/**
 * How much a last-activity date proves: `usage` (the application's own activity export, or the
 * holder's answer that they use it) or `sign-in` (only that the person signed in somewhere).
 */
export type ActivitySignal = 'usage' | 'sign-in';

/** An open seat: a person holding a license of a pool. */
export interface SnapshotAssignment {
  id: string;
  poolId: string;
  applicationId: string;
  personId: string;
  assignedDate: string;
  lastActiveDate: string | null;
  signal: ActivitySignal;
}

export interface SnapshotPerson {
  id: string;
  name: string;
  email: string;
  status: PersonStatus;
  department: string | null;
  /** The last working day, when known (offboarded people, or leavers with a set end date). */
  endDate: string | null;
}

/** An application's price terms at one time (before or after a price change). */
export type SnapshotPrice = PriceFields;

/** One change of an application's price (subscription_price_changes with a previous price). */
export interface SnapshotPriceChange {
  id: string;
  applicationId: string;
  effectiveDate: string;
  previous: SnapshotPrice;
  current: SnapshotPrice;
}

export interface SnapshotRenewalDecision {
  applicationId: string;
  renewalDate: string;
  status: DecisionStatus;
}

/**
 * A matched charge worth a look: dated after its application's cancellation date (whenever it was
 * recorded), or above the expected price.
 */
export interface SnapshotCharge {
  expenseId: string;
  applicationId: string;
  date: string;
  amountMinor: number;
  currency: string;
  merchant: string;
  /** Percent above the expected charge, when over the organization's tolerance. */
  overExpectedPercent: number | null;
}

/** Recurring unmatched charges (the expenses module's discovery): software nobody registered. */
export interface SnapshotRecurringCharge {
  merchantKey: string;
  name: string;
  /** The statement text of one of its charges, and the category they were given (shadow IT's evidence). */
  sampleMerchant: string;
  category: string | null;
  /** What the merchant is (common/catalog/merchant-kind), as discovery judged it. */
  kind: MerchantKind;
  catalogSlug: string | null;
  cycle: 'weekly' | 'monthly' | 'quarterly' | 'annual';
  /** The latest charge. */
  amountMinor: number;
  currency: string;
  occurrences: number;
  firstDate: string;
  lastDate: string;
}

/** The catalogue facts about an application the organization has. */
export interface SnapshotCatalogApp {
  slug: string;
  name: string;
  vendor: string;
  category: string;
  functions: readonly CatalogFunction[];
  prices: readonly ListPrice[];
}

export interface InsightSnapshot {
  organization: { id: string; currency: string; today: string };
  applications: SnapshotApplication[];
  pools: SnapshotPool[];
  assignments: SnapshotAssignment[];
  people: SnapshotPerson[];
  priceChanges: SnapshotPriceChange[];
  renewalDecisions: SnapshotRenewalDecision[];
  charges: SnapshotCharge[];
  recurringUnmatched: SnapshotRecurringCharge[];
  /** By slug, for the applications' catalogue slugs and the recurring charges'. */
  catalog: Record<string, SnapshotCatalogApp>;
}
