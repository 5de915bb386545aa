// A savings opportunity as the detectors produce it and the screens show it (issue 16): what was
// found, the evidence, the yearly saving with its arithmetic, how sure we are, and what to do.

export const OPPORTUNITY_TYPES = [
  'inactive_licenses',
  'unassigned_seats',
  'departed_person',
  'duplicate_purchase',
  'overlapping_tools',
  'monthly_to_annual',
  'tier_right_sizing',
  'price_above_list',
  'price_increase',
  'renewal_at_risk',
  'zombie_spend',
  'shadow_it',
  'renewal_right_sizing',
] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** The lower of two confidences. */
export function lowerConfidence(a: Confidence, b: Confidence): Confidence {
  return CONFIDENCES.indexOf(a) >= CONFIDENCES.indexOf(b) ? a : b;
}

/** What a piece of evidence is about; with its id the screens link to it. */
export type EvidenceKind =
  | 'application'
  | 'license_pool'
  | 'seat'
  | 'person'
  | 'expense'
  | 'price_change'
  | 'renewal'
  | 'catalog_price'
  | 'merchant';

/** One record the detector used, with the figures it read from it (already formatted for people). */
export interface Evidence {
  kind: EvidenceKind;
  /** The record's id (a catalogue slug, a merchant key); null for a derived figure. */
  id: string | null;
  label: string;
  figures: Record<string, string | number | null>;
}

/** A yearly saving in the organization's currency, with the sum that gives it. */
export interface Saving {
  annualMinor: number;
  currency: string;
  /** e.g. "3 seats × $12.00 × 12 months = $432.00". */
  arithmetic: string;
}

/**
 * The parts a saving is made of, so totals count each one once (see combineSavings):
 * - `application`: the application's whole cost (cancel it); absorbs every other claim on it;
 * - `seat`: one seat (`unit` = pool id and person id, or pool id and a free-seat number);
 * - `rate`: a lower price on the application's seats (`basisSeats` = the seats it was computed on);
 * - `charge`: spend outside any application (`unit` = merchant key).
 */
export type SavingClaim =
  | { kind: 'application'; applicationId: string; annualMinor: number }
  | { kind: 'seat'; applicationId: string; unit: string; annualMinor: number }
  | { kind: 'rate'; applicationId: string; annualMinor: number; basisSeats: number | null }
  | { kind: 'charge'; unit: string; annualMinor: number };

export interface OpportunityAction {
  /** An in-app path, e.g. /app/subscriptions/<id>. */
  path: string;
  text: string;
}

/** One way to act on an application's seats or price, as a detector found it. */
export interface DecisionAlternative {
  type: OpportunityType;
  title: string;
  explanation: string;
  /** Its yearly saving done alone (null when it cannot be computed: savingUnavailable says why). */
  savingMinor: number | null;
  savingUnavailable: string | null;
  arithmetic: string | null;
  action: OpportunityAction;
  /** Part of the recommended choice, the one the decision's saving (and the headline) counts. */
  recommended: boolean;
}

/**
 * One decision on one application (issue 31): the seat and price findings of the same application
 * (inactive, unassigned, right-size, renewal at risk, a price above list or raised, annual billing,
 * a lower tier) as one opportunity with its alternatives; its saving counts the recommended choice
 * once.
 */
export interface Decision {
  applicationId: string;
  /**
   * 'unknown' when no activity was ever recorded for the application: no seat is cut for inactivity;
   * 'untracked' when it has no license pools (a price finding alone: seats and usage do not apply).
   */
  usage: 'known' | 'unknown' | 'untracked';
  /** The seats to renew (in use plus the buffer) when the renewal was sized; the pack's target reads it. */
  targetSeats: number | null;
  /** The seats in use the target was sized from (every held seat when usage is unknown). */
  seatsInUse: number | null;
  /** Of those, seats handed out within the grace period and not used yet (not active users). */
  newlyAssigned: number | null;
  alternatives: DecisionAlternative[];
}

export interface Opportunity {
  type: OpportunityType;
  /** Type + subject: re-generation finds the same opportunity and updates it in place. */
  key: string;
  title: string;
  explanation: string;
  evidence: Evidence[];
  /** Null when it cannot be computed honestly; `savingUnavailable` then says why. */
  saving: Saving | null;
  savingUnavailable: string | null;
  confidence: Confidence;
  confidenceReason: string;
  applicationIds: string[];
  personIds: string[];
  /** Sum to saving.annualMinor; empty when there is no saving. */
  claims: SavingClaim[];
  action: OpportunityAction;
  /** The application decision it is (several findings on one application), or its usage state; null otherwise. */
  decision?: Decision | null;
}

/** The stable key of an opportunity: its type and the ids of its subject. */
export function opportunityKey(type: OpportunityType, ...subject: string[]): string {
  return [type, ...subject].join(':');
}
