// Rows → API shapes: derived costs and renewal values, names of referenced records, logo.
import { displayName } from '../../../common/display-name';
import type { BillingCycle, PricingModel } from '../../../common/billing';
import type { SubscriptionStatus } from '../../../common/contracts/subscriptions';
import { currentTermEnd } from '../../../common/contract-terms';
import type { DbOrTx } from '../../db/client';
import { logoUrlFor } from '../catalog';
import { namesById } from '../settings-lists';
import type { JoinedSubscriptionRow } from './subscriptions.repo';
import { renewalView } from './subscription-values';

export function presentSubscription(
  row: JoinedSubscriptionRow,
  today: string,
  tagNames: Map<string, string>,
) {
  return {
    id: row.id,
    name: row.name,
    vendorId: row.vendorId,
    vendorName: row.vendorName,
    catalogSlug: row.catalogSlug,
    logoUrl: logoUrlFor(row.catalogSlug),
    description: row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    tagIds: row.tagIds,
    tagNames: row.tagIds.map((id) => tagNames.get(id)).filter((n): n is string => n !== undefined),
    useCaseIds: row.useCaseIds,
    projectIds: row.projectIds,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.paymentMethodName,
    status: row.status as SubscriptionStatus,
    ownerUserId: row.ownerUserId,
    ownerName: row.ownerUserId
      ? displayName({ firstName: row.ownerFirstName, lastName: row.ownerLastName, email: row.ownerEmail }) ||
        null
      : null,
    ownerEmail: row.ownerEmail,
    department: row.department,
    billingCycle: row.billingCycle as BillingCycle,
    intervalMonths: row.intervalMonths,
    pricingModel: row.pricingModel as PricingModel,
    amountMinor: row.amountMinor,
    unitPriceMinor: row.unitPriceMinor,
    seats: row.seats,
    currency: row.currency,
    costPerCycleMinor: row.amountMinor,
    monthlyMinor: row.monthlyCostMinor,
    annualMinor: row.annualCostMinor,
    startDate: row.startDate,
    contractTermMonths: row.contractTermMonths,
    termEndDate:
      row.startDate && row.contractTermMonths
        ? currentTermEnd({
            startDate: row.startDate,
            months: row.contractTermMonths,
            today,
            autoRenew: row.autoRenew,
          })
        : null,
    nextRenewalDate: row.nextRenewalDate,
    ...renewalView(row.nextRenewalDate, row.noticePeriodDays, today),
    cancelledOn: row.cancelledOn,
    autoRenew: row.autoRenew,
    noticePeriodDays: row.noticePeriodDays,
    url: row.url,
    notes: row.notes,
    archivedAt: row.archivedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type PresentedSubscription = ReturnType<typeof presentSubscription>;

/** Presents rows, looking up all their tag names in one query. */
export async function presentMany(db: DbOrTx, orgId: string, rows: JoinedSubscriptionRow[], today: string) {
  const tagIds = [...new Set(rows.flatMap((r) => r.tagIds))];
  const names = await namesById(db, orgId, tagIds);
  return rows.map((row) => presentSubscription(row, today, names));
}
