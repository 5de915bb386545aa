// Every detector, in the order the issue lists them.
import type { Opportunity } from '../../../../common/insights/opportunity';
import type { InsightSettings } from '../../../../common/insights/settings';
import { groupDecisions } from '../decisions';
import type { InsightSnapshot } from '../snapshot';
import { detectDepartedPeople } from './departed-people';
import { detectDuplicatePurchases } from './duplicate-purchase';
import type { Detector } from './facts';
import { detectInactiveLicenses } from './inactive-licenses';
import { detectMonthlyToAnnual } from './monthly-to-annual';
import { detectOverlappingTools } from './overlapping-tools';
import { detectPriceAboveList } from './price-above-list';
import { detectPriceIncreases } from './price-increase';
import { detectRenewalRightSizing } from './renewal-right-sizing';
import { detectRenewalsAtRisk } from './renewal-at-risk';
import { detectShadowIt } from './shadow-it';
import { detectTierRightSizing } from './tier-right-sizing';
import { detectUnassignedSeats } from './unassigned-seats';
import { detectZombieSpend } from './zombie-spend';

export type { Detector } from './facts';

export const DETECTORS: readonly Detector[] = [
  detectInactiveLicenses,
  detectUnassignedSeats,
  detectDepartedPeople,
  detectDuplicatePurchases,
  detectOverlappingTools,
  detectMonthlyToAnnual,
  detectTierRightSizing,
  detectPriceAboveList,
  detectPriceIncreases,
  detectRenewalsAtRisk,
  detectZombieSpend,
  detectShadowIt,
  detectRenewalRightSizing,
];

/** Every detector's findings for one organization, as each detector found them. */
export function detectFindings(snapshot: InsightSnapshot, settings: InsightSettings): Opportunity[] {
  return DETECTORS.flatMap((detect) => detect(snapshot, settings));
}

/** The organization's opportunities: the findings, one decision per application (groupDecisions). */
export function detectOpportunities(snapshot: InsightSnapshot, settings: InsightSettings): Opportunity[] {
  return groupDecisions(detectFindings(snapshot, settings), snapshot, settings);
}
