// 4. Duplicate purchase: the same catalogue application bought more than once (two Slack
// workspaces, or a second Zoom typed by hand: see catalog-link), or an application also paid by a
// card outside it (recurring unmatched charges of it).
import { formatAmount } from '../../../../common/money';
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import { otherCurrencyReason, sumOfSavings, unitsPerYear } from '../../../../common/insights/arithmetic';
import type { InsightSnapshot, SnapshotApplication } from '../snapshot';
import { catalogProductOf } from './catalog-link';
import { applicationEvidence, applicationPath, isLive, type Detector } from './facts';

/** Applications of one product: the catalogue entry (linked or by name), else the same vendor and name. */
function productKey(app: SnapshotApplication, snapshot: InsightSnapshot): string | null {
  const product = catalogProductOf(app, snapshot);
  if (product) return `slug:${product.slug}`;
  return app.vendorId ? `vendor:${app.vendorId}:${app.name.trim().toLowerCase()}` : null;
}

export const detectDuplicatePurchases: Detector = (snapshot) => {
  const { currency } = snapshot.organization;
  const groups = new Map<string, SnapshotApplication[]>();
  for (const app of snapshot.applications) {
    const key = isLive(app) ? productKey(app, snapshot) : null;
    if (key) groups.set(key, [...(groups.get(key) ?? []), app]);
  }
  const found: Opportunity[] = [];
  for (const [key, apps] of groups) {
    const slug = key.startsWith('slug:') ? key.slice('slug:'.length) : null;
    const charges = slug ? snapshot.recurringUnmatched.filter((c) => c.catalogSlug === slug) : [];
    if (apps.length + charges.length < 2) continue;
    // Keep the largest purchase; the others are the saving.
    const sorted = [...apps].sort(
      (a, b) => b.annualCostMinor - a.annualCostMinor || a.createdDate.localeCompare(b.createdDate),
    );
    const [kept, ...priced] = sorted;
    // A $0 purchase (a free plan) saves nothing when dropped: nothing to report on it (issue 32).
    const extra = priced.filter((app) => app.annualCostMinor > 0);
    if (extra.length + charges.length === 0) continue;
    const foreign = [...extra, ...charges].find((x) => x.currency !== currency);
    const savings = [
      ...extra.map((app) => ({
        annualMinor: app.annualCostMinor,
        currency,
        arithmetic: `${app.name}: ${formatAmount(app.annualCostMinor, currency)} a year`,
      })),
      ...charges.map((c) =>
        unitsPerYear({ units: 1, unit: 'charge', perCycleMinor: c.amountMinor, cycle: c.cycle, currency }),
      ),
    ];
    const saving = foreign ? null : sumOfSavings(savings, currency);
    const name = slug ? (catalogProductOf(kept, snapshot)?.name ?? kept.name) : kept.name;
    const count = apps.length + charges.length;
    found.push({
      type: 'duplicate_purchase',
      key: opportunityKey('duplicate_purchase', key),
      title: `${name} is paid for ${count} times`,
      explanation:
        `${name} is bought ${count} times: ${[...sorted.map((a) => `“${a.name}”`), ...charges.map((c) => `card charges “${c.name}”`)].join(', ')}. ` +
        `Consolidate into ${kept.name} and cancel the others.`,
      evidence: [
        ...sorted.map((app) => applicationEvidence(app)),
        ...charges.map((c) => ({
          kind: 'merchant' as const,
          id: c.merchantKey,
          label: c.name,
          figures: {
            Latest: formatAmount(c.amountMinor, c.currency),
            Cycle: c.cycle,
            Charges: c.occurrences,
            Since: c.firstDate,
          },
        })),
      ],
      saving,
      savingUnavailable: foreign ? otherCurrencyReason(foreign.currency, currency) : null,
      claims: saving
        ? [
            ...extra.map((app) => ({
              kind: 'application' as const,
              applicationId: app.id,
              annualMinor: app.annualCostMinor,
            })),
            ...charges.map((c, i) => ({
              kind: 'charge' as const,
              unit: c.merchantKey,
              annualMinor: savings[extra.length + i].annualMinor,
            })),
          ]
        : [],
      confidence: slug ? 'high' : 'medium',
      confidenceReason: slug
        ? 'They are the same catalogue product.'
        : 'Same vendor and name; check they are not separate products.',
      applicationIds: sorted.map((a) => a.id),
      personIds: [],
      action: { path: applicationPath(kept.id), text: `Consolidate into ${kept.name}` },
    });
  }
  return found;
};
