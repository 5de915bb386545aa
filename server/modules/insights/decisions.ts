// One decision = one opportunity (issue 31). The seat and price findings on one application
// (inactive licenses, unassigned seats, renewal right-sizing, a renewal at risk, a price above list
// or raised, annual billing, a lower tier) are ways of acting on the same seats and the same price:
// shown as five cards they overlapped and added up to more than the headline. They become one
// opportunity whose alternatives are the findings; its saving is the recommended choice, counted
// once with the dedupe rules:
// - the seats: the renewal right-sizing when there is one (seats in use plus the buffer, the
//   negotiation pack's target too), else the renewal at risk, else the inactive and unassigned seats;
// - the price: the largest price finding, on the seats that remain.
import type { Decision, DecisionAlternative, Opportunity } from '../../../common/insights/opportunity';
import { lowerConfidence, type OpportunityType } from '../../../common/insights/opportunity';
import type { InsightSettings } from '../../../common/insights/settings';
import { formatAmount } from '../../../common/money';
import { combineSavings } from './dedupe';
import { hasUsageData, indexOf, USAGE_UNKNOWN_TEXT } from './detectors/facts';
import { sizePools } from './detectors/renewal-seats';
import type { InsightSnapshot, SnapshotApplication } from './snapshot';

const RENEWAL_SEAT_TYPES: readonly OpportunityType[] = ['renewal_right_sizing', 'renewal_at_risk'];
const SEAT_TYPES: readonly OpportunityType[] = ['inactive_licenses', 'unassigned_seats'];
const PRICE_TYPES: readonly OpportunityType[] = [
  'price_above_list',
  'price_increase',
  'monthly_to_annual',
  'tier_right_sizing',
];
/** The finding types that are part of an application's seat-and-price decision. */
export const DECISION_TYPES: ReadonlySet<OpportunityType> = new Set([
  ...RENEWAL_SEAT_TYPES,
  ...SEAT_TYPES,
  ...PRICE_TYPES,
]);

/** The key of an application's decision: one per application and renewal term. */
export const decisionKey = (app: Pick<SnapshotApplication, 'id' | 'nextRenewalDate'>) =>
  `application_decision:${app.id}:${app.nextRenewalDate ?? 'none'}`;

/** The seats the application's renewal needs (in use plus the buffer), when it has sized pools. */
function sizingOf(
  app: SnapshotApplication,
  snapshot: InsightSnapshot,
  settings: InsightSettings,
): Pick<Decision, 'targetSeats' | 'seatsInUse' | 'newlyAssigned'> {
  const sizing = sizePools(app, indexOf(snapshot), settings, snapshot.organization.today);
  if (sizing.length === 0) return { targetSeats: null, seatsInUse: null, newlyAssigned: null };
  return {
    targetSeats: sizing.reduce((n, s) => n + s.needed, 0),
    seatsInUse: sizing.reduce((n, s) => n + s.inUse, 0),
    newlyAssigned: sizing.reduce((n, s) => n + s.newlyAssigned, 0),
  };
}

/** The findings chosen for the decision's saving: the seats (one way) and the prices. */
function recommendedOf(members: readonly Opportunity[]): Opportunity[] {
  const priced = members.filter((m) => m.saving !== null);
  const renewal = RENEWAL_SEAT_TYPES.map((t) => priced.find((m) => m.type === t)).find(Boolean);
  const seats = renewal ? [renewal] : priced.filter((m) => SEAT_TYPES.includes(m.type));
  return [...seats, ...priced.filter((m) => PRICE_TYPES.includes(m.type))];
}

function mergedEvidence(members: readonly Opportunity[]): Opportunity['evidence'] {
  const seen = new Set<string>();
  return members.flatMap((m) =>
    m.evidence.filter((e) => {
      if (e.id === null) return true;
      const k = `${e.kind}:${e.id}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }),
  );
}

function groupOf(
  app: SnapshotApplication,
  members: readonly Opportunity[],
  decision: Omit<Decision, 'alternatives'>,
  currency: string,
): Opportunity {
  const chosen = recommendedOf(members);
  const combined = combineSavings(chosen);
  const counted = (m: Opportunity) => combined.counted.get(m.key) ?? 0;
  const credited = chosen.filter((m) => counted(m) > 0);
  const primary = credited[0] ?? chosen[0] ?? members[0];
  const money = (minor: number) => formatAmount(minor, currency);
  const seatParts = credited.filter((m) => SEAT_TYPES.includes(m.type));
  const title =
    seatParts.length > 1
      ? `Cut ${seatParts.map((m) => m.title.charAt(0).toLowerCase() + m.title.slice(1)).join(' and ')}`
      : primary.title;
  const arithmetic =
    credited.length === 0
      ? null
      : credited.length === 1 && counted(credited[0]) === credited[0].saving?.annualMinor
        ? `${app.name}: ${credited[0].saving.arithmetic}`
        : `${credited
            .map(
              (m) =>
                `${money(counted(m))} (${m.title}${counted(m) < (m.saving?.annualMinor ?? 0) ? ', on the seats kept' : ''})`,
            )
            .join(' + ')} = ${money(combined.annualMinor)}`;
  const alternatives: DecisionAlternative[] = members.map((m) => ({
    type: m.type,
    title: m.title,
    explanation: m.explanation,
    savingMinor: m.saving?.annualMinor ?? null,
    savingUnavailable: m.savingUnavailable,
    arithmetic: m.saving?.arithmetic ?? null,
    action: m.action,
    recommended: counted(m) > 0,
  }));
  const others = members.filter((m) => counted(m) === 0);
  const explanation = [
    credited.map((m) => m.explanation).join(' ') || primary.explanation,
    decision.usage === 'unknown'
      ? `${USAGE_UNKNOWN_TEXT}: no seat is cut for inactivity until it is known.`
      : '',
    others.length > 0
      ? `Other options, counted once within this one: ${others
          .map((m) => `${m.title}${m.saving ? ` (${money(m.saving.annualMinor)})` : ''}`)
          .join('; ')}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const trusted = credited.length > 0 ? credited : [primary];
  const least = trusted.reduce((a, b) =>
    lowerConfidence(a.confidence, b.confidence) === a.confidence ? a : b,
  );
  return {
    type: primary.type,
    key: decisionKey(app),
    title,
    explanation,
    // The recommended findings' evidence first: a pool shown twice keeps the figures of the choice.
    evidence: mergedEvidence([...chosen, ...members.filter((m) => !chosen.includes(m))]),
    saving:
      credited.length === 0 ? null : { annualMinor: combined.annualMinor, currency, arithmetic: arithmetic! },
    savingUnavailable:
      credited.length === 0 ? (members.find((m) => m.savingUnavailable)?.savingUnavailable ?? null) : null,
    confidence: least.confidence,
    confidenceReason: least.confidenceReason,
    applicationIds: [app.id],
    personIds: [...new Set(credited.flatMap((m) => m.personIds))],
    claims: credited.flatMap((m) => combined.countedClaims.get(m.key) ?? []),
    action: primary.action,
    decision: { ...decision, alternatives },
  };
}

/**
 * The findings with each application's seat and price findings made one decision (when there are
 * several), in the order found; every seat or price finding says whether the application's usage is
 * known and what its renewal needs.
 */
export function groupDecisions(
  found: readonly Opportunity[],
  snapshot: InsightSnapshot,
  settings: InsightSettings,
): Opportunity[] {
  const index = indexOf(snapshot);
  const byApp = new Map<string, Opportunity[]>();
  for (const o of found) {
    if (!DECISION_TYPES.has(o.type) || o.applicationIds.length !== 1) continue;
    const list = byApp.get(o.applicationIds[0]);
    if (list) list.push(o);
    else byApp.set(o.applicationIds[0], [o]);
  }
  const replaced = new Map<Opportunity, Opportunity | null>();
  for (const [appId, members] of byApp) {
    const app = index.app.get(appId);
    if (!app) continue;
    const decision = {
      applicationId: appId,
      usage: !(index.poolsOf.get(appId)?.length ?? 0)
        ? ('untracked' as const)
        : hasUsageData(appId, index)
          ? ('known' as const)
          : ('unknown' as const),
      ...sizingOf(app, snapshot, settings),
    };
    if (members.length === 1) {
      replaced.set(members[0], { ...members[0], decision: { ...decision, alternatives: [] } });
      continue;
    }
    replaced.set(members[0], groupOf(app, members, decision, snapshot.organization.currency));
    for (const m of members.slice(1)) replaced.set(m, null);
  }
  return found.flatMap((o) => {
    if (!replaced.has(o)) return [o];
    const r = replaced.get(o);
    return r ? [r] : [];
  });
}
