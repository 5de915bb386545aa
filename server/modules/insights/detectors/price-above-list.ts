// 8. Price above list: the per-seat price paid is above the catalogue's list price for the plan
// (compared billed alike: monthly against the monthly list, yearly against the annual one).
import { annualisedMinor } from '../../../../common/billing';
import { formatAmount } from '../../../../common/money';
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import { planOf } from './catalog-prices';
import { applicationEvidence, applicationPath, indexOf, isLive, type Detector } from './facts';

export const detectPriceAboveList: Detector = (snapshot) => {
  const index = indexOf(snapshot);
  const { currency } = snapshot.organization;
  const found: Opportunity[] = [];
  for (const app of snapshot.applications) {
    if (!isLive(app) || !app.catalogSlug) continue;
    const catalog = snapshot.catalog[app.catalogSlug];
    if (!catalog) continue;
    // Each priced tier, or the application's own per-seat price when it has no tiers.
    const pools = index.poolsOf.get(app.id) ?? [];
    const tiers = pools.length
      ? pools.map((p) => ({
          id: p.id,
          tier: p.tierName,
          unit: p.unitPriceMinor,
          cycle: p.billingCycle,
          interval: p.intervalMonths,
          seats: p.seats ?? index.seatsOfPool.get(p.id)?.length ?? 0,
          currency: p.currency,
        }))
      : app.pricingModel === 'per-seat'
        ? [
            {
              id: app.id,
              tier: null,
              unit: app.unitPriceMinor ?? 0,
              cycle: app.billingCycle,
              interval: app.intervalMonths,
              seats: app.seats ?? 0,
              currency: app.currency,
            },
          ]
        : [];
    for (const t of tiers) {
      const plan = planOf(catalog, t.tier);
      if (!plan || plan.unit !== 'user' || t.unit <= 0 || t.seats <= 0 || t.currency !== currency) continue;
      const yearlyBilled = t.cycle === 'annual' || t.cycle === 'multi-year';
      const list = yearlyBilled ? (plan.year ?? null) : (plan.month ?? null);
      if (!list || list.currency !== currency) continue;
      const ours = annualisedMinor(t.unit, t.cycle, t.interval);
      const listYearly = list.period === 'year' ? list.amountMinor : list.amountMinor * 12;
      const perSeat = ours - listYearly;
      // A cent or two is rounding in the cycle conversion, not an overcharge.
      if (perSeat <= listYearly / 100) continue;
      const annualMinor = perSeat * t.seats;
      found.push({
        type: 'price_above_list',
        key: opportunityKey('price_above_list', t.id),
        title: `${app.name} costs more than its list price`,
        explanation:
          `${app.name}${t.tier ? ` ${t.tier}` : ''} costs ${formatAmount(ours, currency)} per seat a year; the public ` +
          `${plan.plan} price billed ${yearlyBilled ? 'annually' : 'monthly'} is ${formatAmount(listYearly, currency)}. Ask the vendor for at least the list price.`,
        evidence: [
          applicationEvidence(app, { Seats: t.seats }),
          {
            kind: 'catalog_price',
            id: catalog.slug,
            label: `${catalog.name} ${plan.plan}`,
            figures: { 'List price': formatAmount(list.amountMinor, list.currency), Per: list.period },
          },
        ],
        saving: {
          annualMinor,
          currency,
          arithmetic: `${t.seats} seat${t.seats === 1 ? '' : 's'} × (${formatAmount(ours, currency)} − ${formatAmount(listYearly, currency)}) a year = ${formatAmount(annualMinor, currency)}`,
        },
        savingUnavailable: null,
        claims: [{ kind: 'rate', applicationId: app.id, annualMinor, basisSeats: t.seats }],
        confidence: plan.matched ? 'high' : 'low',
        confidenceReason: plan.matched
          ? `The tier is ${plan.plan}, whose public price is lower than yours.`
          : `The plan is assumed to be ${plan.plan}; name the license tier to confirm.`,
        applicationIds: [app.id],
        personIds: [],
        action: { path: applicationPath(app.id), text: 'Negotiate down to the list price' },
      });
    }
  }
  return found;
};
