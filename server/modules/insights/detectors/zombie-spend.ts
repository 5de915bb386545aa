// 11. Zombie spend: charges dated after the application's cancellation date, whenever they were
// recorded (the saving: stop them), and live applications nobody owns, or whose owner left (no
// saving claimed: an owner decides).
import { annualisedMinor } from '../../../../common/billing';
import { formatAmount } from '../../../../common/money';
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import { otherCurrencyReason } from '../../../../common/insights/arithmetic';
import type { SnapshotApplication, SnapshotCharge } from '../snapshot';
import { applicationEvidence, applicationPath, hasLeft, isLive, type Detector } from './facts';
import { formatProseDate, plural, pluralWord } from '../../../../common/wording';

/** A charge dated after its application's cancellation date, whenever it was recorded. */
export const isAfterCancellation = (app: SnapshotApplication, charge: SnapshotCharge) =>
  app.status === 'cancelled' && app.cancelledOn !== null && charge.date > app.cancelledOn;

function chargedAfterCancelling(
  app: SnapshotApplication,
  charges: SnapshotCharge[],
  orgCurrency: string,
): Opportunity {
  const latest = [...charges].sort((a, b) => b.date.localeCompare(a.date))[0];
  const sameCurrency = latest.currency === orgCurrency;
  const annualMinor = annualisedMinor(latest.amountMinor, app.billingCycle, app.intervalMonths);
  const cancelled = app.cancelledOn ? ` on ${formatProseDate(app.cancelledOn)}` : '';
  return {
    type: 'zombie_spend',
    key: opportunityKey('zombie_spend', 'charges', app.id),
    title: `${app.name} is still charging after cancellation`,
    explanation:
      `${app.name} was cancelled${cancelled}, yet ${plural(charges.length, 'charge')} ${pluralWord(charges.length, 'was')} paid since, ` +
      `the latest ${formatAmount(latest.amountMinor, latest.currency)} on ${formatProseDate(latest.date)}. Stop the payment and ask for a refund.`,
    evidence: [
      applicationEvidence(app),
      ...charges.map((c) => ({
        kind: 'expense' as const,
        id: c.expenseId,
        label: c.merchant,
        figures: { Date: c.date, Amount: formatAmount(c.amountMinor, c.currency) },
      })),
    ],
    saving: sameCurrency
      ? {
          annualMinor,
          currency: orgCurrency,
          arithmetic: `${formatAmount(latest.amountMinor, orgCurrency)} (latest charge, ${app.billingCycle}) over a year = ${formatAmount(annualMinor, orgCurrency)}`,
        }
      : null,
    savingUnavailable: sameCurrency ? null : otherCurrencyReason(latest.currency, orgCurrency),
    claims: sameCurrency ? [{ kind: 'application', applicationId: app.id, annualMinor }] : [],
    confidence: 'high',
    confidenceReason: 'The charges are matched to the application and dated after its cancellation date.',
    applicationIds: [app.id],
    personIds: [],
    action: { path: applicationPath(app.id), text: 'Stop the payment' },
  };
}

export const detectZombieSpend: Detector = (snapshot) => {
  const { today, currency } = snapshot.organization;
  const leavers = new Set(snapshot.people.filter((p) => hasLeft(p, today)).map((p) => p.email.toLowerCase()));
  const found: Opportunity[] = [];
  for (const app of snapshot.applications) {
    const after = snapshot.charges.filter((c) => c.applicationId === app.id && isAfterCancellation(app, c));
    if (after.length > 0) found.push(chargedAfterCancelling(app, after, currency));
    if (!isLive(app)) continue;
    const ownerLeft =
      app.owner !== null && (!app.owner.isMember || leavers.has(app.owner.email.toLowerCase()));
    if (app.owner !== null && !ownerLeft) continue;
    found.push({
      type: 'zombie_spend',
      key: opportunityKey('zombie_spend', 'owner', app.id),
      title: ownerLeft ? `${app.name}’s owner has left` : `${app.name} has no owner`,
      explanation:
        (ownerLeft ? `${app.owner!.name}, who owns ${app.name}, has left. ` : `Nobody owns ${app.name}. `) +
        `It costs ${formatAmount(app.annualCostMinor, app.currency)} a year with nobody deciding whether it is still needed: give it an owner.`,
      evidence: [applicationEvidence(app, { Owner: app.owner?.name ?? null })],
      saving: null,
      savingUnavailable: 'No saving is claimed until an owner decides whether it is still needed.',
      claims: [],
      confidence: 'high',
      confidenceReason: ownerLeft ? 'The owner is no longer a member, or is offboarded.' : 'No owner is set.',
      applicationIds: [app.id],
      personIds: [],
      action: { path: applicationPath(app.id), text: 'Assign an owner' },
    });
  }
  return found;
};
