// The demo company's applications: a realistic stack from the catalogue with owners, departments,
// seats, renewals over the next twelve months (some auto-renewing within days), notice periods.
import type { BillingCycle } from '../../common/billing';
import { CATALOG_BY_POPULARITY, findCatalogApp } from '../../common/catalog/search';
import type { CatalogApp } from '../../common/catalog/types';
import { addDays } from '../../common/dates';
import { storeCandidates } from '../../server/modules/imports/store';
import type { ImportCandidate } from '../../server/modules/imports/rows';
import { listPricePerCycle } from '../../common/catalog/list-price';
import { demoColleagueContext, type DemoContext } from './context';

/** A stack a 150-person software company might run, most-used first. */
export const DEMO_STACK = [
  'slack',
  'google-workspace',
  'zoom',
  'notion',
  'jira',
  'confluence',
  'github',
  'figma',
  'salesforce',
  'hubspot',
  'chatgpt',
  'aws',
  'asana',
  'miro',
  'dropbox',
  'canva',
  'docusign',
  'zendesk',
  'intercom',
  '1password',
  'okta',
  'loom',
  'linear',
  'datadog',
  'quickbooks',
  'gusto',
  'calendly',
  'airtable',
  'mailchimp',
  'google-cloud',
  'cursor',
  'github-copilot',
  'vercel',
  'openai-api',
  'snowflake',
  'tableau',
  'grammarly',
  'zapier',
  'webflow',
  'box',
  'deel',
  'expensify',
  'semrush',
  'postman',
  'sentry',
  'pipedrive',
  'zoominfo',
  'gong',
  'linkedin-sales-navigator',
  'anthropic-api',
  'lucidchart',
  'pagerduty',
  'cloudflare',
  'typeform',
  'claude',
  'adobe-creative-cloud',
  'smartsheet',
  'bamboohr',
  'rippling',
  'perplexity',
] as const;

const DEPARTMENT_BY_CATEGORY: Record<string, string> = {
  Engineering: 'Engineering',
  'DevOps & Cloud': 'Engineering',
  'Data & AI': 'Engineering',
  Design: 'Design',
  Marketing: 'Marketing',
  'Sales & CRM': 'Sales',
  'Customer Support': 'Customer Success',
  'Finance & Accounting': 'Finance',
  'HR & People': 'People',
  'Security & IT': 'IT',
  'Legal & Compliance': 'Legal',
  'Analytics & BI': 'Operations',
  'E-commerce': 'Operations',
};

export const DEMO_TAGS = ['Critical', 'Under review', 'SOC 2 in scope', 'Shadow IT', 'Consolidate'];
export const DEMO_PAYMENT_METHODS = [
  'Amex Corporate •••• 1004',
  'Brex card •••• 4242',
  'Bank transfer (invoice)',
  'AWS Marketplace',
];

/** Catalogue apps for n applications: the demo stack first, then the most popular ones, then repeats. */
function chooseApps(n: number): Array<{ app: CatalogApp; copy: number }> {
  const pool: CatalogApp[] = [];
  const seen = new Set<string>();
  for (const slug of DEMO_STACK) {
    const app = findCatalogApp(slug);
    if (app && !seen.has(app.slug)) {
      pool.push(app);
      seen.add(app.slug);
    }
  }
  for (const app of CATALOG_BY_POPULARITY) {
    if (!seen.has(app.slug)) {
      pool.push(app);
      seen.add(app.slug);
    }
  }
  return Array.from({ length: n }, (_, i) => ({
    app: pool[i % pool.length],
    copy: Math.floor(i / pool.length),
  }));
}

function demoCandidate(ctx: DemoContext, app: CatalogApp, copy: number, index: number): ImportCandidate {
  const { rng, today } = ctx;
  const department =
    DEPARTMENT_BY_CATEGORY[app.category] ?? rng.pick(['Operations', 'Engineering', 'Marketing']);
  const billingCycle: BillingCycle = rng.weighted([
    ['monthly', 55],
    ['annual', 38],
    ['quarterly', 4],
    ['multi-year', 3],
  ] as const);
  const intervalMonths = billingCycle === 'multi-year' ? 36 : null;
  // A metered price (per 1,000 contacts, per million tokens) is no seat or account price.
  const prices = (app.prices ?? []).filter((p) => p.amountMinor > 0 && p.unit !== 'usage');
  const price = prices.find((p) => p.period === (billingCycle === 'annual' ? 'year' : 'month')) ?? prices[0];
  const perSeat = price?.unit === 'user';
  const seats = perSeat
    ? rng.weighted([
        [rng.int(3, 15), 4],
        [rng.int(16, 60), 4],
        [rng.int(61, 180), 2],
      ] as const)
    : null;
  const unit = price ? listPricePerCycle(price, billingCycle, intervalMonths) : null;
  const flatAmount = price
    ? listPricePerCycle(price, billingCycle, intervalMonths)
    : rng.int(20, 2500) * 100 * (billingCycle === 'annual' ? 10 : 1);

  // Renewals spread over the cycle ahead; a few auto-renew within days, a few annual ones have notice.
  const horizon = billingCycle === 'monthly' ? 29 : billingCycle === 'quarterly' ? 89 : 364;
  const soon = index % 12 === 3;
  const nextRenewalDate = addDays(today, soon ? rng.int(1, 9) : rng.int(0, horizon));
  const yearsAgo = rng.int(1, 3);
  const startDate = addDays(nextRenewalDate, -365 * yearsAgo - rng.int(0, 20));
  const status = rng.weighted([
    ['active', 92],
    ['trial', 4],
    ['paused', 2],
    ['cancelled', 2],
  ] as const);
  const annualish = billingCycle !== 'monthly';
  const tags = [
    ...(index < 8 ? ['Critical'] : []),
    ...(rng.chance(0.08) ? [rng.pick(DEMO_TAGS.slice(1))] : []),
  ];
  return {
    row: index + 1,
    name: copy === 0 ? app.name : `${app.name} (${department} ${copy + 1})`,
    vendor: app.vendor,
    vendorDomain: app.domain,
    catalogSlug: app.slug,
    category: app.category,
    tags,
    paymentMethod:
      annualish && rng.chance(0.5) ? DEMO_PAYMENT_METHODS[2] : rng.pick(DEMO_PAYMENT_METHODS.slice(0, 2)),
    ownerUserId: rng.chance(0.4) ? ctx.ownerUserId : null,
    ownerEmail: null,
    department,
    pricingModel: perSeat ? 'per-seat' : 'flat',
    billingCycle,
    intervalMonths,
    amountMinor: perSeat ? (seats ?? 0) * (unit ?? 0) : flatAmount,
    seats,
    unitPriceMinor: perSeat ? unit : null,
    currency: ctx.currency === 'USD' ? 'USD' : (price?.currency ?? 'USD'),
    startDate,
    // Annual and multi-year bills are their own term; every fourth monthly one is on a yearly contract.
    contractTermMonths:
      billingCycle === 'annual'
        ? 12
        : billingCycle === 'multi-year'
          ? intervalMonths
          : index % 4 === 1
            ? 12
            : null,
    nextRenewalDate,
    autoRenew: soon ? true : rng.chance(0.85),
    noticePeriodDays: annualish && rng.chance(0.45) ? rng.pick([30, 30, 60, 90]) : 0,
    status,
    url: `https://${app.domain}`,
    description: app.description,
    notes: null,
  };
}

export async function generateApplications(ctx: DemoContext): Promise<void> {
  const chosen = chooseApps(ctx.options.apps);
  const candidates = chosen.map(({ app, copy }, i) => demoCandidate(ctx, app, copy, i));
  // The story needs one cancelled tool (still charging): the draw above depends on the catalogue's
  // prices, so make sure of one whatever the catalogue holds — the last non-critical live one.
  if (!candidates.some((c) => c.status === 'cancelled')) {
    const last = candidates.findLast((c) => c.status === 'active' && c.tags.length === 0);
    if (last) last.status = 'cancelled';
  }
  const result = await storeCandidates(ctx.db, demoColleagueContext(ctx, ctx.colleagues.it), candidates, {
    now: ctx.now,
    source: 'demo',
    importId: null,
    skipPlanLimit: true,
  });
  ctx.created.vendors += result.vendorsCreated;
  ctx.created.applicationIds.push(...result.ids);
}
