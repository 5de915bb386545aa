// "Renewals in a window" (the next 30/60/90/365 days, or a report's period): one definition for the
// Renewals page's totals, the renewals calendar report and the executive summary.
//
// - Which renewals: live active and trial applications whose next renewal date lies in the window
//   (from and to included; overdue ones are not in a window).
// - Count: those applications.
// - Due: what each charges in the window — its cycle cost at every charge date in it (a monthly
//   application renewing in a 90-day window charges three times) — converted to the organization's
//   currency at today's rate, application by application (rounded to the cent), then summed, so a
//   report's rows add up to its total. A currency without a rate is listed apart, never guessed.
// - Cut by entity or brand: each application counts its allocated share of every amount, its own and
//   the converted one (`allocatedPartMinor`, common/allocation.ts, applied after converting the
//   whole), so the entities and the brands add up to the whole to the cent.
import type { BillingCycle } from '../../../common/billing';
import { allocatedPartMinor, type AllocationPart } from '../../../common/allocation';
import type { AllocationFilter } from '../../../common/contracts/entities';
import type { RenewalItem } from '../../../common/contracts/renewals';
import { dueBetweenMinor } from '../../../common/renewal-window';
import type { DbOrTx } from '../../db/client';
import { hasAllocationFilter, sharesFor } from '../entities';
import { convertEach } from '../fx-rates';

/** One renewal in a window, with its amounts (its share of them, cut by entity/brand). */
export interface RenewalInWindow {
  item: RenewalItem;
  /** What it charges in the window, in its own currency. */
  dueMinor: number;
  /** Its yearly cost, in its own currency. */
  annualCostMinor: number;
  /** One cycle's cost, in its own currency. */
  cycleCostMinor: number;
  /** The same three in the organization's currency at today's rate; null when there is no rate. */
  converted: { dueMinor: number | null; annualCostMinor: number | null; cycleCostMinor: number | null };
}

export interface RenewalsInWindow {
  from: string;
  to: string;
  rows: RenewalInWindow[];
  /** Applications renewing in the window. */
  count: number;
  /** Per currency, unconverted: what they charge in the window and their yearly cost. */
  amounts: Array<{ currency: string; dueMinor: number; annualCostMinor: number }>;
  /** In the organization's currency at today's rate (rows without a rate left out, see `unconverted`). */
  currency: string;
  dueMinor: number;
  annualCostMinor: number;
  /** Currencies with no rate today: their amounts are in `amounts` but not in the converted sums. */
  unconverted: string[];
}

/** Each item's allocation shares when the filter names an entity or brand; null otherwise. */
export async function renewalShares(
  db: DbOrTx,
  orgId: string,
  items: readonly RenewalItem[],
  filter: AllocationFilter,
): Promise<Map<string, AllocationPart[]> | null> {
  if (!hasAllocationFilter(filter) || items.length === 0) return null;
  return sharesFor(
    db,
    orgId,
    'subscription',
    items.map((i) => i.subscriptionId),
  );
}

/**
 * The renewals among `items` from `from` to `to` and their figures (see the file's comment). `shares`
 * comes from `renewalShares` with the same filter (null: unfiltered, every amount in full).
 */
export async function renewalsInWindow(
  db: DbOrTx,
  org: { orgId: string; currency: string; today: string },
  items: readonly RenewalItem[],
  range: { from: string; to: string },
  filter: AllocationFilter = {},
  shares: Map<string, AllocationPart[]> | null = null,
): Promise<RenewalsInWindow> {
  const part = (item: RenewalItem, amountMinor: number) =>
    shares ? allocatedPartMinor(amountMinor, shares.get(item.subscriptionId) ?? [], filter) : amountMinor;
  const inWindow = items.filter((item) => item.renewalDate >= range.from && item.renewalDate <= range.to);
  // Whole amounts first, converted whole, then each split by the shares: the parts of the converted
  // figure add up to it too (converting each part would round each part).
  const whole = inWindow.map((item) => [
    dueBetweenMinor(
      {
        nextRenewalDate: item.renewalDate,
        billingCycle: item.billingCycle as BillingCycle,
        intervalMonths: item.intervalMonths,
        startDate: item.startDate,
        costPerCycleMinor: item.costPerCycleMinor,
      },
      range.from,
      range.to,
    ),
    item.annualCostMinor,
    item.costPerCycleMinor,
  ]);
  const converted = await convertEach(
    db,
    org.orgId,
    inWindow.flatMap((item, i) => whole[i]!.map((amountMinor) => ({ currency: item.currency, amountMinor }))),
    org.currency,
    org.today,
  );
  const partOf = (item: RenewalItem, amountMinor: number | null | undefined) =>
    amountMinor === null || amountMinor === undefined ? null : part(item, amountMinor);
  const rows: RenewalInWindow[] = inWindow.map((item, i) => ({
    item,
    dueMinor: part(item, whole[i]![0]!),
    annualCostMinor: part(item, whole[i]![1]!),
    cycleCostMinor: part(item, whole[i]![2]!),
    converted: {
      dueMinor: partOf(item, converted[i * 3]),
      annualCostMinor: partOf(item, converted[i * 3 + 1]),
      cycleCostMinor: partOf(item, converted[i * 3 + 2]),
    },
  }));
  const byCurrency = new Map<string, { dueMinor: number; annualCostMinor: number }>();
  const unconverted = new Set<string>();
  let dueMinor = 0;
  let annualCostMinor = 0;
  for (const row of rows) {
    const sums = byCurrency.get(row.item.currency) ?? { dueMinor: 0, annualCostMinor: 0 };
    sums.dueMinor += row.dueMinor;
    sums.annualCostMinor += row.annualCostMinor;
    byCurrency.set(row.item.currency, sums);
    if (row.converted.dueMinor === null || row.converted.annualCostMinor === null)
      unconverted.add(row.item.currency);
    dueMinor += row.converted.dueMinor ?? 0;
    annualCostMinor += row.converted.annualCostMinor ?? 0;
  }
  return {
    from: range.from,
    to: range.to,
    rows,
    count: rows.length,
    amounts: [...byCurrency].map(([currency, sums]) => ({ currency, ...sums })),
    currency: org.currency,
    dueMinor,
    annualCostMinor,
    unconverted: [...unconverted].sort(),
  };
}
