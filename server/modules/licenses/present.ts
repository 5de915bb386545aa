import { displayName } from '../../../common/display-name';
import { isBillingCycle } from '../../../common/billing';
import {
  isSeatActive,
  seatYearlyCostMinor,
  utilisationFromCounts,
  type PoolPricing,
} from '../../../common/licenses';
import type { AssignmentWithPerson, OpenLicenseRow } from './assignments.repo';
import type { PoolListRow, SeatCount } from './licenses.repo';

/** A pool's pricing as the utilisation math wants it (an unknown stored cycle reads as monthly). */
export function pricingOf(pool: {
  seats?: number | null;
  unitPriceMinor: number;
  billingCycle: string;
  intervalMonths: number | null;
}): PoolPricing {
  return {
    seats: pool.seats ?? null,
    unitPriceMinor: pool.unitPriceMinor,
    billingCycle: isBillingCycle(pool.billingCycle) ? pool.billingCycle : 'monthly',
    intervalMonths: pool.intervalMonths,
  };
}

export function presentPool(row: PoolListRow, counts: SeatCount | undefined) {
  const pricing = pricingOf(row.pool);
  return {
    ...row.pool,
    subscriptionName: row.subscriptionName,
    ownerUserId: row.ownerUserId,
    seatYearlyCostMinor: seatYearlyCostMinor(pricing),
    utilisation: utilisationFromCounts(pricing, counts?.assigned ?? 0, counts?.active ?? 0),
  };
}

export function presentAssignment(row: AssignmentWithPerson, now: Date, inactivityDays: number) {
  return {
    ...row,
    personName: displayName(row),
    active: row.unassignedAt === null && isSeatActive(row.lastActiveAt, now, inactivityDays),
  };
}

export function presentPersonLicense(row: OpenLicenseRow, now: Date, inactivityDays: number) {
  return {
    ...row,
    active: isSeatActive(row.lastActiveAt, now, inactivityDays),
    yearlyCostMinor: seatYearlyCostMinor(pricingOf(row)),
  };
}
