// 7. Tier right-sizing: seats on a higher catalogue tier (pool named after a plan that has a
// cheaper one) whose holders use the application might move to the next lower tier; the idle ones
// are the inactive-licenses detector's. Nothing on record shows which features a team uses, so it
// is a review at low confidence with no saving in the totals (issue 32: a higher tier in real use
// is not waste until someone checks that the lower one suffices); the list-price difference is
// shown as what the move would be worth.
import { formatAmount } from '../../../../common/money';
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import { paidPlans, planOf, yearlyListMinor } from './catalog-prices';
import {
  applicationEvidence,
  applicationPath,
  indexOf,
  isExempt,
  hasUsageData,
  isIdle,
  isLive,
  type Detector,
} from './facts';
import { plural } from '../../../../common/wording';

export const detectTierRightSizing: Detector = (snapshot, settings) => {
  const index = indexOf(snapshot);
  const { today } = snapshot.organization;
  const found: Opportunity[] = [];
  for (const app of snapshot.applications) {
    if (!isLive(app) || !app.catalogSlug || isExempt(settings, app.id)) continue;
    const catalog = snapshot.catalog[app.catalogSlug];
    if (!catalog) continue;
    const plans = paidPlans(catalog, today).filter((p) => p.unit === 'user');
    for (const pool of index.poolsOf.get(app.id) ?? []) {
      const plan = planOf(catalog, pool.tierName, today);
      const at = plan?.matched ? plans.findIndex((p) => p.plan === plan.plan) : -1;
      if (!plan || at < 1) continue;
      const lower = plans[at - 1];
      // Unknown usage: every holder counts as using it (nobody is judged idle without data).
      const known = hasUsageData(app.id, index);
      const inUse = (index.seatsOfPool.get(pool.id) ?? []).filter(
        (s) => !known || !isIdle(s, settings, today),
      ).length;
      const perSeat = yearlyListMinor(plan) - yearlyListMinor(lower);
      // A tier that costs nothing has nothing to save.
      if (inUse === 0 || perSeat <= 0 || (pool.unitPriceMinor === 0 && app.annualCostMinor === 0)) continue;
      const listCurrency = plan.month?.currency ?? plan.year?.currency ?? 'USD';
      const worth = inUse * perSeat;
      found.push({
        type: 'tier_right_sizing',
        key: opportunityKey('tier_right_sizing', pool.id),
        title: `Review whether ${app.name} ${lower.plan} would do instead of ${plan.plan}`,
        explanation:
          `${plural(inUse, 'person', 'people')} use ${app.name} on ${plan.plan}, the higher of its tiers. Nothing on record shows ` +
          `whether ${lower.plan} covers the features they use: check with the team. If it does, moving them would save ` +
          `up to ${formatAmount(worth, listCurrency)} a year at list price (${formatAmount(perSeat, listCurrency)} per seat); ` +
          'not counted in the savings until then.',
        evidence: [
          applicationEvidence(app),
          {
            kind: 'license_pool',
            id: pool.id,
            label: `${app.name} ${pool.tierName}`,
            figures: { Purchased: pool.seats, 'In use': inUse },
          },
          {
            kind: 'catalog_price',
            id: catalog.slug,
            label: `${catalog.name} ${plan.plan} vs ${lower.plan}`,
            figures: {
              [`${plan.plan} a year`]: formatAmount(yearlyListMinor(plan), listCurrency),
              [`${lower.plan} a year`]: formatAmount(yearlyListMinor(lower), listCurrency),
            },
          },
        ],
        saving: null,
        savingUnavailable: `A review, not a saving: no usage data shows that ${lower.plan} has the features the team uses.`,
        claims: [],
        confidence: 'low',
        confidenceReason: `Whether ${lower.plan} has the features the team uses is not known; list prices, not your price, give the difference.`,
        applicationIds: [app.id],
        personIds: [],
        action: { path: applicationPath(app.id), text: `Review the ${plan.plan} tier` },
      });
    }
  }
  return found;
};
