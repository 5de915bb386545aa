// 8. Price above list: the per-seat price paid is above the catalogue's list price for the plan
// (compared billed alike: monthly against the monthly list, yearly against the annual one).
import { compareWithList } from '../../../../common/benchmarks/compare';
import { normalisePrice } from '../../../../common/benchmarks/normalise';
import { formatAmount } from '../../../../common/money';
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import { applicationEvidence, applicationPath, indexOf, isLive, type Detector } from './facts';
import { plural } from '../../../../common/wording';

export const detectPriceAboveList: Detector = (snapshot) => {
  const index = indexOf(snapshot);
  const { currency, today } = snapshot.organization;
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
      if (t.unit <= 0 || t.seats <= 0) continue;
      const price = normalisePrice(
        {
          tierId: t.id,
          tierName: t.tier,
          pricingModel: 'per-seat',
          amountMinor: null,
          unitPriceMinor: t.unit,
          seats: t.seats,
          billingCycle: t.cycle,
          intervalMonths: t.interval,
          currency: t.currency,
        },
        currency,
        null,
      );
      // No reference rates: a saving never rests on a converted price.
      const { list, plan, listYearlyMinor } = compareWithList(price, catalog, null, today);
      if (!price || !list || !plan || listYearlyMinor === null || plan.unit !== 'user') continue;
      const yearlyBilled = price.term !== 'monthly';
      // Billed alike only: an annual term against a monthly list price is another saving (monthly-to-annual).
      if (list.comparedWith !== (yearlyBilled ? 'year' : 'month')) continue;
      const listPrice = (yearlyBilled ? plan.year : plan.month)!;
      const ours = price.perUnitYearlyMinor;
      const listYearly = listYearlyMinor;
      const perSeat = ours - listYearly;
      // A cent or two is rounding in the cycle conversion, not an overcharge.
      if (perSeat <= listYearly / 100) continue;
      const annualMinor = list.differenceYearlyMinor;
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
            figures: {
              'List price': formatAmount(listPrice.amountMinor, listPrice.currency),
              Per: listPrice.period,
            },
          },
        ],
        saving: {
          annualMinor,
          currency,
          arithmetic: `${plural(t.seats, 'seat')} × (${formatAmount(ours, currency)} − ${formatAmount(listYearly, currency)}) a year = ${formatAmount(annualMinor, currency)}`,
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
