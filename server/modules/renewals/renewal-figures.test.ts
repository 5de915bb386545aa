// Renewals in a window (issue 31): cut by entity or brand, each application counts its allocated
// share, so the parts add up to the whole to the cent; the Renewals page and the executive summary
// read the same count and amount for the next 90 days.
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../../common/money';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-10T08:00:00Z'); // today = 2026-03-10
const server = useTestServer({ clock });

interface Totals {
  window: number;
  count: number;
  amounts: Array<{ currency: string; dueMinor: number; annualCostMinor: number }>;
  currency: string;
  dueMinor: number;
  annualCostMinor: number;
  unconverted: string[];
}

/**
 * Two entities (the default "Northwind Finance Co" and "GmbH"), a brand in each besides the default,
 * and applications on every cycle: one shared 60/40 between the entities at an odd number of cents,
 * one shared three ways across brands, a EUR one with a rate, and some wholly in one place.
 */
async function groupOrg() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  await setPlan(db, owner.orgId, 'scale');
  const client = api(server.app, owner.cookie);
  const [home] = (await client.get('/api/entities')).json().items;
  const [homeBrand] = (await client.get('/api/brands')).json().items;
  const gmbh = (await client.post('/api/entities', { name: 'GmbH', functionalCurrency: 'EUR' })).json();
  const alpha = (await client.post('/api/brands', { name: 'Alpha', entityId: home.id })).json();
  const beta = (await client.post('/api/brands', { name: 'Beta', entityId: gmbh.id })).json();
  expect(
    (
      await client.post('/api/fx-rates', {
        rates: [{ date: '2026-03-09', base: 'EUR', quote: 'USD', rate: 1.0837 }],
      })
    ).statusCode,
  ).toBeLessThan(300);
  const build = (overrides: Parameters<typeof buildSubscription>[2]) =>
    buildSubscription(db, owner.orgId, overrides);
  const allocate = async (
    id: string,
    shares: Array<{ entityId: string; brandId: string; percent: number }>,
  ) => expect((await client.put(`/api/allocations/subscription/${id}`, { shares })).statusCode).toBe(200);

  const shared = await build({
    name: 'Shared CRM',
    billingCycle: 'annual',
    amountMinor: 1_234_567,
    nextRenewalDate: '2026-03-25',
  });
  await allocate(shared.id, [
    { entityId: home.id, brandId: alpha.id, percent: 60 },
    { entityId: gmbh.id, brandId: beta.id, percent: 40 },
  ]);
  const monthly = await build({
    name: 'Shared chat',
    billingCycle: 'monthly',
    amountMinor: 10_001,
    nextRenewalDate: '2026-03-15',
  });
  await allocate(monthly.id, [
    { entityId: home.id, brandId: homeBrand.id, percent: 33.33 },
    { entityId: home.id, brandId: alpha.id, percent: 33.33 },
    { entityId: gmbh.id, brandId: beta.id, percent: 33.34 },
  ]);
  const euro = await build({
    name: 'Euro suite',
    billingCycle: 'quarterly',
    amountMinor: 77_777,
    currency: 'EUR',
    nextRenewalDate: '2026-04-02',
  });
  await allocate(euro.id, [
    { entityId: home.id, brandId: alpha.id, percent: 25 },
    { entityId: gmbh.id, brandId: beta.id, percent: 75 },
  ]);
  const gmbhOnly = await build({
    name: 'GmbH tool',
    billingCycle: 'multi-year',
    intervalMonths: 24,
    amountMinor: 500_003,
    nextRenewalDate: '2026-05-30',
  });
  await allocate(gmbhOnly.id, [{ entityId: gmbh.id, brandId: beta.id, percent: 100 }]);
  await build({
    name: 'Default weekly',
    billingCycle: 'weekly',
    amountMinor: 999,
    nextRenewalDate: '2026-03-12',
  });
  await build({
    name: 'Default annual',
    billingCycle: 'annual',
    amountMinor: 60_000,
    nextRenewalDate: '2026-11-01',
  });
  return { owner, client, home, gmbh, homeBrand, alpha, beta };
}

const totalsOf = async (client: ReturnType<typeof api>, query = '') =>
  (await client.get(`/api/renewals${query}`)).json().totals as Totals[];

/** Adds up each money figure of several totals, window by window. */
function added(parts: Totals[][]) {
  return parts[0]!.map((t, i) => {
    const all = parts.map((p) => p[i]!);
    const byCurrency = new Map<string, { dueMinor: number; annualCostMinor: number }>();
    for (const p of all)
      for (const a of p.amounts) {
        const sums = byCurrency.get(a.currency) ?? { dueMinor: 0, annualCostMinor: 0 };
        sums.dueMinor += a.dueMinor;
        sums.annualCostMinor += a.annualCostMinor;
        byCurrency.set(a.currency, sums);
      }
    return {
      window: t.window,
      dueMinor: all.reduce((s, p) => s + p.dueMinor, 0),
      annualCostMinor: all.reduce((s, p) => s + p.annualCostMinor, 0),
      amounts: Object.fromEntries(byCurrency),
    };
  });
}

const wholeOf = (totals: Totals[]) => added([totals]);

describe('renewals cut by entity or brand', () => {
  it('counts each application by its share: the entities and the brands add up to the whole to the cent', async () => {
    const { client, home, gmbh, homeBrand, alpha, beta } = await groupOrg();
    const whole = await totalsOf(client);
    const byEntity = await Promise.all([home, gmbh].map((e) => totalsOf(client, `?entityId=${e.id}`)));
    const byBrand = await Promise.all(
      [homeBrand, alpha, beta].map((b) => totalsOf(client, `?brandId=${b.id}`)),
    );
    expect(whole.every((t) => t.unconverted.length === 0)).toBe(true);
    expect(whole[3]!.dueMinor).toBeGreaterThan(0);
    expect(added(byEntity)).toEqual(wholeOf(whole));
    expect(added(byBrand)).toEqual(wholeOf(whole));

    // The shared CRM (annual, 30 days): 60 % here, 40 % in GmbH — never 100 % in both.
    const [homeTotals, gmbhTotals] = byEntity;
    const crmHome = homeTotals![0]!.amounts.find((a) => a.currency === 'USD')!;
    const crmGmbh = gmbhTotals![0]!.amounts.find((a) => a.currency === 'USD')!;
    expect(crmHome.annualCostMinor + crmGmbh.annualCostMinor).toBe(
      whole[0]!.amounts.find((a) => a.currency === 'USD')!.annualCostMinor,
    );
    expect(crmGmbh.annualCostMinor).toBeLessThan(crmHome.annualCostMinor);
  });
});

describe('renewal rows cut by entity', () => {
  it('shows each row at its allocated part, so the rows add up across the entities', async () => {
    const { client, home, gmbh } = await groupOrg();
    type Row = { subscriptionId: string; name: string; annualCostMinor: number; costPerCycleMinor: number };
    const rows = async (query: string) =>
      (await client.get(`/api/renewals?window=365${query}`)).json().items as Row[];
    const whole = await rows('');
    const [homeRows, gmbhRows] = [await rows(`&entityId=${home.id}`), await rows(`&entityId=${gmbh.id}`)];
    const euro = (list: Row[]) => list.find((r) => r.name === 'Euro suite')!;
    // 25 % / 75 % of a quarterly EUR 777.77: the parts add up to the whole row to the cent.
    expect(euro(homeRows).costPerCycleMinor + euro(gmbhRows).costPerCycleMinor).toBe(
      euro(whole).costPerCycleMinor,
    );
    expect(euro(homeRows).annualCostMinor).toBeLessThan(euro(whole).annualCostMinor);
    expect(homeRows.find((r) => r.name === 'GmbH tool')).toBeUndefined();
    expect(gmbhRows.find((r) => r.name === 'GmbH tool')!.annualCostMinor).toBe(
      whole.find((r) => r.name === 'GmbH tool')!.annualCostMinor,
    );
  });
});

describe('renewals in the next 90 days', () => {
  it('the Renewals page and the executive summary give the same count and amount', async () => {
    const { client } = await groupOrg();
    const page = (await totalsOf(client)).find((t) => t.window === 90)!;
    // A monthly application charges three times in 90 days: the amount is what is due, not one cycle.
    expect(page.count).toBe(5);
    const doc = (await client.get('/api/reports/executive-summary')).json();
    const kpi = doc.sections[0].items.find((k: { label: string }) => k.label === 'Renewals next 90 days');
    expect(kpi.value).toBe(page.count);
    expect(kpi.hint).toBe(`${formatAmount(page.dueMinor, 'USD')} due in those days`);
    const table = doc.sections.find((s: { id: string }) => s.id === 'renewals');
    expect(table.rows).toHaveLength(page.count);
    expect(table.totals.due).toBe(page.dueMinor);

    const calendar = (
      await client.get('/api/reports/renewals-calendar?from=2026-03-10&to=2026-06-07')
    ).json();
    const due = calendar.sections[0].items.find((k: { label: string }) => k.label === 'Due in this period');
    expect(due.value).toBe(page.dueMinor);
  });
});
