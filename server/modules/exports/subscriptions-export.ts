// The filtered applications list as CSV or XLSX. Headers read back through the CSV importer.
import { resolveTable, type ExportColumn, type ResolvedTable } from '../../lib/table-export/columns';
import type { DbOrTx } from '../../db/client';
import { allocationLabels, type AllocationLabels } from '../entities';
import type { PresentedSubscription } from '../subscriptions';

/** An application with the labels of its allocation (entity and brand, split as "A 60 %; B 40 %"). */
export type ExportedApplication = PresentedSubscription & { allocation: AllocationLabels };

type Column = ExportColumn<ExportedApplication>;

const money = (header: string, pick: (s: ExportedApplication) => number | null): Column => ({
  header,
  kind: 'money',
  width: 14,
  value: pick,
  currency: (s) => s.currency,
});

export const APPLICATION_COLUMNS: Column[] = [
  { header: 'Name', kind: 'text', width: 28, value: (s) => s.name },
  { header: 'Vendor', kind: 'text', width: 22, value: (s) => s.vendorName },
  { header: 'Category', kind: 'text', width: 20, value: (s) => s.categoryName },
  { header: 'Status', kind: 'text', width: 11, value: (s) => s.status },
  { header: 'Owner email', kind: 'text', width: 26, value: (s) => s.ownerEmail },
  { header: 'Owner name', kind: 'text', width: 20, value: (s) => s.ownerName },
  { header: 'Department', kind: 'text', width: 16, value: (s) => s.department },
  { header: 'Entity', kind: 'text', width: 20, value: (s) => s.allocation.entity },
  { header: 'Brand', kind: 'text', width: 24, value: (s) => s.allocation.brand },
  {
    header: 'Billing cycle',
    kind: 'text',
    width: 13,
    value: (s) => (s.billingCycle === 'multi-year' ? `${s.intervalMonths} months` : s.billingCycle),
  },
  { header: 'Pricing model', kind: 'text', width: 13, value: (s) => s.pricingModel },
  { header: 'Seats', kind: 'number', width: 8, value: (s) => s.seats },
  money('Price per seat', (s) => s.unitPriceMinor),
  money('Cost per cycle', (s) => s.costPerCycleMinor),
  { header: 'Currency', kind: 'text', width: 9, value: (s) => s.currency },
  money('Monthly cost', (s) => s.monthlyMinor),
  money('Annual cost', (s) => s.annualMinor),
  { header: 'Start date', kind: 'date', width: 12, value: (s) => s.startDate },
  { header: 'Next renewal date', kind: 'date', width: 14, value: (s) => s.nextRenewalDate },
  { header: 'Cancel by', kind: 'date', width: 12, value: (s) => s.cancelByDate },
  { header: 'Auto-renew', kind: 'text', width: 10, value: (s) => (s.autoRenew ? 'yes' : 'no') },
  { header: 'Notice period (days)', kind: 'number', width: 10, value: (s) => s.noticePeriodDays },
  { header: 'Payment method', kind: 'text', width: 18, value: (s) => s.paymentMethodName },
  { header: 'Tags', kind: 'text', width: 20, value: (s) => s.tagNames.join(', ') },
  { header: 'URL', kind: 'text', width: 28, value: (s) => s.url },
  { header: 'Notes', kind: 'text', width: 40, value: (s) => s.notes },
];

export const applicationsTable = (items: ExportedApplication[]): ResolvedTable =>
  resolveTable({ name: 'Applications', columns: APPLICATION_COLUMNS, rows: items });

/** The applications with their allocation labels, read in one query. */
export async function withAllocations(
  db: DbOrTx,
  orgId: string,
  items: PresentedSubscription[],
): Promise<ExportedApplication[]> {
  const labels = await allocationLabels(
    db,
    orgId,
    'subscription',
    items.map((s) => s.id),
  );
  return items.map((s) => ({ ...s, allocation: labels(s.id) }));
}
