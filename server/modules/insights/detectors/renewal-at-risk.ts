// 10. Renewal at risk: an auto-renewal whose last day to give notice is close, with no decision
// recorded and under half of its seats in use. The saving is the seats not in use.
import { cancelByDate } from '../../../../common/billing';
import { daysUntil } from '../../../../common/dates';
import { opportunityKey } from '../../../../common/insights/opportunity';
import {
  allFree,
  applicationEvidence,
  indexOf,
  isExempt,
  isLive,
  seatSavingFields,
  type Detector,
} from './facts';
import { pricedDrops, sizePools } from './renewal-seats';
import { formatProseDate, inDays, plural, pluralWord } from '../../../../common/wording';

/** Days before the cancel-by date when an undecided renewal becomes urgent. */
const NOTICE_WARNING_DAYS = 30;
/** Below this share of seats in use, renewing as is deserves a decision. */
const LOW_UTILISATION_PCT = 50;
const DECIDED = new Set(['renew', 'renegotiate', 'cancel', 'done']);

export const detectRenewalsAtRisk: Detector = (snapshot, settings) => {
  const index = indexOf(snapshot);
  const { today, currency } = snapshot.organization;
  return snapshot.applications.flatMap((app) => {
    if (!isLive(app) || !app.autoRenew || !app.nextRenewalDate || isExempt(settings, app.id)) return [];
    const cancelBy = cancelByDate(app.nextRenewalDate, app.noticePeriodDays);
    const daysLeft = daysUntil(cancelBy, today);
    if (daysLeft < 0 || daysLeft > NOTICE_WARNING_DAYS) return [];
    const decided = snapshot.renewalDecisions.some(
      (d) => d.applicationId === app.id && d.renewalDate === app.nextRenewalDate && DECIDED.has(d.status),
    );
    if (decided) return [];
    // Seats in use without the buffer: what would be renewed if nobody decides is all of them.
    const sizing = sizePools(app, index, { ...settings, seatBufferPct: 0 }, today);
    const owned = sizing.reduce((n, s) => n + s.purchased, 0);
    const inUse = sizing.reduce((n, s) => n + s.inUse, 0);
    if (owned === 0 || inUse * 100 >= owned * LOW_UTILISATION_PCT) return [];
    const priced = pricedDrops(sizing, app, index, currency);
    // A free plan renewing costs nothing: there is no decision with money in it (issue 32).
    if (allFree(priced)) return [];
    const pct = Math.round((inUse / owned) * 100);
    return [
      {
        type: 'renewal_at_risk' as const,
        key: opportunityKey('renewal_at_risk', app.id, app.nextRenewalDate),
        title: `${app.name} renews automatically with ${pct}% of seats in use`,
        explanation:
          `${app.name} renews on ${formatProseDate(app.nextRenewalDate)}; notice must be given by ${formatProseDate(cancelBy)} (${inDays(daysLeft)}). ` +
          `No decision is recorded and only ${inUse} of ${plural(owned, 'seat')} ${pluralWord(inUse, 'is')} in use. Decide now: renegotiate, reduce or cancel.`,
        evidence: [
          applicationEvidence(app, {
            'Renewal date': app.nextRenewalDate,
            'Cancel by': cancelBy,
            'Notice days': app.noticePeriodDays,
          }),
          ...sizing.map((s) => ({
            kind: 'license_pool' as const,
            id: s.pool.id,
            label: `${app.name} ${s.pool.tierName}`,
            figures: { Owned: s.purchased, 'In use': s.inUse },
          })),
        ],
        ...seatSavingFields(priced, index),
        confidence: 'high' as const,
        confidenceReason: 'The renewal terms and the absence of a decision are on record.',
        applicationIds: [app.id],
        personIds: [],
        action: { path: '/app/renewals', text: `Decide before ${formatProseDate(cancelBy)}` },
      },
    ];
  });
};
