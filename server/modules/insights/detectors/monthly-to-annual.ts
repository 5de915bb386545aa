// 6. Monthly → annual: paid month to month for at least six months, where the catalogue shows a
// cheaper annual price. The saving is the catalogue's annual discount applied to what is paid now.
import { addMonths } from '../../../../common/dates';
import { formatAmount } from '../../../../common/money';
import { opportunityKey } from '../../../../common/insights/opportunity';
import { otherCurrencyReason, shareOfYearly } from '../../../../common/insights/arithmetic';
import { planOf } from './catalog-prices';
import { applicationEvidence, applicationPath, indexOf, isLive, type Detector } from './facts';

/** Months paid monthly before switching is suggested: the tool has proved it stays. */
const MIN_MONTHS = 6;

export const detectMonthlyToAnnual: Detector = (snapshot) => {
  const index = indexOf(snapshot);
  const { today, currency } = snapshot.organization;
  return snapshot.applications.flatMap((app) => {
    // A $0 application (a free plan) has nothing to save by paying yearly (issue 32).
    if (!isLive(app) || app.status === 'trial' || app.billingCycle !== 'monthly' || !app.catalogSlug)
      return [];
    if (app.annualCostMinor === 0) return [];
    const since = app.startDate ?? app.createdDate;
    if (addMonths(since, MIN_MONTHS) > today) return [];
    const catalog = snapshot.catalog[app.catalogSlug];
    const pools = index.poolsOf.get(app.id) ?? [];
    const plan = catalog ? planOf(catalog, pools.length === 1 ? pools[0].tierName : null, today) : null;
    if (!plan?.month || !plan.year) return [];
    const twelveMonths = plan.month.amountMinor * 12;
    const discount = twelveMonths - plan.year.amountMinor;
    if (discount <= 0) return [];
    const saving =
      app.currency !== currency
        ? null
        : shareOfYearly({
            annualMinor: app.annualCostMinor,
            numerator: discount,
            denominator: twelveMonths,
            why: `${catalog!.name} ${plan.plan}: ${formatAmount(plan.year.amountMinor, plan.year.currency)} a year instead of 12 × ${formatAmount(plan.month.amountMinor, plan.month.currency)}`,
            currency,
          });
    return [
      {
        type: 'monthly_to_annual' as const,
        key: opportunityKey('monthly_to_annual', app.id),
        title: `Pay ${app.name} yearly`,
        explanation:
          `${app.name} has been paid month to month since ${since}. ${catalog!.name} lists ${plan.plan} ` +
          `${Math.round((discount / twelveMonths) * 100)}% cheaper when billed annually: switch at the next renewal.`,
        evidence: [
          applicationEvidence(app, { 'Billing cycle': app.billingCycle, Since: since }),
          {
            kind: 'catalog_price' as const,
            id: catalog!.slug,
            label: `${catalog!.name} ${plan.plan}`,
            figures: {
              Monthly: formatAmount(plan.month.amountMinor, plan.month.currency),
              Yearly: formatAmount(plan.year.amountMinor, plan.year.currency),
            },
          },
        ],
        saving,
        savingUnavailable: app.currency !== currency ? otherCurrencyReason(app.currency, currency) : null,
        claims: saving
          ? [
              {
                kind: 'rate' as const,
                applicationId: app.id,
                annualMinor: saving.annualMinor,
                basisSeats: app.seats,
              },
            ]
          : [],
        confidence: plan.matched ? ('high' as const) : ('medium' as const),
        confidenceReason: plan.matched
          ? `The license tier is ${plan.plan}, which the catalogue lists with an annual price.`
          : `The plan is assumed to be ${plan.plan}: name the license tier to confirm.`,
        applicationIds: [app.id],
        personIds: [],
        action: { path: applicationPath(app.id), text: 'Switch to annual billing' },
      },
    ];
  });
};
