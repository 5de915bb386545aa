// Issue 31, "One number everywhere": the figures a finance lead reads on one screen are the ones
// every other screen shows, read from the rendered pages of one demo company (Scale plan).
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAccount } from '../helpers/api';
import { DEMO_LOAD_TIMEOUT_MS, launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer, type InProcessServer } from '../helpers/server';

/** Screenshots of each screen visited, for a person to look at (not committed). */
const SHOTS = process.env.FIGURES_SHOTS_DIR ?? '/tmp/shots';
const APPLICATION = 'Tableau';

let server: InProcessServer;
let browser: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  server = await startInProcessServer();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  browser = await launchBrowser({ baseURL: server.baseURL });
  page = await browser.context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterEach(async () => {
  await browser?.close();
});

/** "$1,234.56" (or "-$1,234.56") → 123456: the first money figure in a text. */
function minorIn(text: string): number {
  const match = /(-?)\$([0-9,]+(?:\.[0-9]{1,2})?)/.exec(text);
  if (!match) throw new Error(`No money figure in "${text}"`);
  const [whole, cents = ''] = match[2]!.replace(/,/g, '').split('.');
  return (match[1] ? -1 : 1) * (Number(whole) * 100 + Number(cents.padEnd(2, '0')));
}
/** Every money figure in a text, in order. */
const allMinorIn = (text: string) =>
  [...text.matchAll(/-?\$[0-9,]+(?:\.[0-9]{1,2})?/g)].map((m) => minorIn(m[0]));
/** The first whole number (or decimal) in a text. */
function numberIn(text: string): number {
  const match = /-?[0-9][0-9,]*(?:\.[0-9]+)?/.exec(text);
  if (!match) throw new Error(`No number in "${text}"`);
  return Number(match[0].replace(/,/g, ''));
}
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

async function shot(name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A table's body rows as their cells' texts, keyed by the header labels. */
async function tableRows(table: Locator): Promise<Array<Record<string, string>>> {
  const headers = (await table.locator('thead th').allTextContents()).map((h) =>
    h.replace(/[▲▼]/g, '').trim(),
  );
  const rows: Array<Record<string, string>> = [];
  for (const row of await table.locator('tbody tr').all()) {
    const cells = await row.locator('td').allTextContents();
    rows.push(Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').replace(/\s+/g, ' ').trim()])));
  }
  return rows;
}

/** "Dec 1, 2025" → "Dec 2025". */
const monthOf = (date: string) => date.replace(/\s+\d{1,2},/, '');

describe('one number everywhere (issue 31)', () => {
  it(
    'dashboard, Insights, Optimize, Renewals, the pack, Analytics, Product analytics, Budgets and the executive summary agree',
    { timeout: 900_000 },
    async () => {
      page.setDefaultTimeout(90_000);
      const request = browser.context.request;
      await signedInAccount(request);
      const orgId: string = (await (await request.get('/api/organization')).json()).id;
      await server.setOrganization(orgId, { subscriptionPlan: 'scale', accountStatus: 'active' });
      const demo = await request.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS });
      expect(demo.status(), await demo.text()).toBe(201);

      // ── Insights: the headline is the sum of the counted amounts in the table view.
      await page.goto('/app/insights?view=table&show=500');
      await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
      const headlineLocator = page.getByRole('region', { name: 'Today’s summary' }).getByTestId('identified');
      await expect.poll(async () => (await headlineLocator.innerText()).includes('$')).toBe(true);
      const headline = minorIn(await headlineLocator.innerText());
      expect(headline).toBeGreaterThan(0);
      const opportunities = page.getByRole('table', { name: 'Opportunities table' });
      await opportunities.getByTestId('insight-row').first().waitFor();
      expect(await page.getByText(/^Showing \d+ of \d+/).count()).toBe(0);
      const insightRows = await tableRows(opportunities);
      const counted = insightRows
        .map((r) => r['Counted saving / year'] ?? '')
        .filter((t) => t.includes('$'))
        .reduce((sum, t) => sum + minorIn(t), 0);
      // The application's open opportunities, as the table names them (title and counted amount).
      const applicationOpportunities: string[] = [];
      for (const row of await opportunities.getByTestId('insight-row').all()) {
        const cells = await row.locator('td').allTextContents();
        if (!cells.some((c) => c.split(', ').includes(APPLICATION))) continue;
        const title = await textOf(row.getByRole('link').first());
        const saving = cells.find((c) => c.includes('$'));
        applicationOpportunities.push(`${title} · ${saving ? minorIn(saving) : '—'}`);
      }
      await shot('insights-table');
      expect.soft(counted, 'Insights table: the counted amounts add up to the headline').toBe(headline);

      // ── Optimize: the ledger's Identified and its "By type" breakdown say the same.
      await page.goto('/app/optimize');
      const identified = page.getByTestId('ledger-Identified');
      await identified.waitFor();
      const ledgerIdentified = minorIn(await identified.innerText());
      const byType = await tableRows(page.getByRole('table', { name: 'By type' }));
      const byTypeIdentified = byType.reduce((sum, r) => sum + minorIn(r.Identified ?? ''), 0);
      await shot('optimize');
      expect.soft(ledgerIdentified, 'Optimize "Identified" == Insights headline').toBe(headline);
      expect
        .soft(byTypeIdentified, 'Optimize "By type" Identified column adds up to the ledger')
        .toBe(ledgerIdentified);

      // ── Renewals: the 30- and 90-day tiles.
      await page.goto('/app/renewals');
      const tile = async (days: number) => {
        const figure = page.getByTestId(`renewing-${days}`);
        await figure.waitFor();
        const text = await textOf(page.getByRole('button').filter({ has: figure }));
        const count = numberIn(text.split('due ·')[1] ?? '');
        return { dueMinor: minorIn(await figure.innerText()), count, text };
      };
      await page.getByRole('region', { name: 'Spend renewing' }).waitFor();
      await expect.poll(async () => (await tile(90)).text).toMatch(/renewal/);
      const renewals30 = await tile(30);
      const renewals90 = await tile(90);
      await shot('renewals');
      expect(renewals90.count).toBeGreaterThan(0);

      // ── Dashboard: contract renewals and recurring charges in the next 30 days, apart; together
      // they are the Renewals page's "Next 30 days".
      await page.goto('/app');
      const nextRenewals = page.getByText(
        /annual or multi-year contracts? in the next 30 days|No annual or multi-year contract renews/,
      );
      await nextRenewals.first().waitFor();
      const contractsText = await textOf(nextRenewals.first());
      const contracts = contractsText.startsWith('No ')
        ? { count: 0, dueMinor: 0 }
        : { count: numberIn(contractsText), dueMinor: minorIn(contractsText) };
      const recurringLocator = page.getByTestId('recurring-charges');
      const recurringText = (await recurringLocator.count()) > 0 ? await textOf(recurringLocator) : '';
      const recurring = recurringText
        ? { count: numberIn(recurringText), dueMinor: minorIn(recurringText) }
        : { count: 0, dueMinor: 0 };
      const kpis = page.getByRole('region', { name: 'Key figures' });
      const upcomingCard = kpis
        .locator('div')
        .filter({ hasText: /^Upcoming renewals/ })
        .first();
      const upcomingText = await textOf(kpis);
      await shot('dashboard');
      expect(upcomingText).toContain('Upcoming renewals');
      const upcomingCount = numberIn((await textOf(upcomingCard)).replace('Upcoming renewals', ''));
      expect
        .soft(upcomingCount, 'Dashboard "Upcoming renewals" == its "Next renewals" contract count')
        .toBe(contracts.count);
      expect
        .soft(
          contracts.count + recurring.count,
          'Dashboard contracts + recurring == Renewals "Next 30 days" count',
        )
        .toBe(renewals30.count);
      expect
        .soft(
          contracts.dueMinor + recurring.dueMinor,
          'Dashboard contracts + recurring due == Renewals "Next 30 days" due',
        )
        .toBe(renewals30.dueMinor);

      // ── Executive summary (default period: the last 12 months).
      await page.goto('/app/reports/executive-summary');
      const kpi = (label: string) => page.getByTestId('report-kpi').filter({ hasText: label });
      await kpi('Total spend').waitFor();
      const band = await textOf(page.getByTestId('report-band'));
      const [bandFrom, bandTo] = (
        /([A-Z][a-z]{2} \d{1,2}, \d{4}) – ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(band) ?? []
      )
        .slice(1)
        .map((d) => d ?? '');
      const summaryTotal = minorIn(await textOf(kpi('Total spend')));
      const summaryRenewals = await textOf(kpi('Renewals next 90 days'));
      const summaryRenewalsCount = numberIn(summaryRenewals.replace('Renewals next 90 days', ''));
      const summaryRenewalsDue = minorIn(summaryRenewals);
      const summaryIdentified = minorIn(await textOf(kpi('Savings identified (open)')));
      const summaryBudgets = await tableRows(page.getByTestId('report-table-budgets'));
      const summaryForecast = await textOf(kpi('Forecast, next 12 months'));
      const risks = await textOf(page.getByTestId('report-sections'));
      const unusedYearlyMatch = /Unused license seats cost (\$[0-9,.]+) a year/.exec(risks);
      await shot('executive-summary');
      expect
        .soft(summaryRenewalsCount, 'Executive summary renewals in 90 days == Renewals page count')
        .toBe(renewals90.count);
      expect
        .soft(summaryRenewalsDue, 'Executive summary renewals due in 90 days == Renewals page due')
        .toBe(renewals90.dueMinor);
      expect
        .soft(summaryIdentified, 'Executive summary "Savings identified" == Insights headline')
        .toBe(headline);

      // ── Analytics: the same window, named the same, and the same total.
      await page.goto('/app/analytics');
      const windowLabel = page.getByTestId('analytics-window');
      await windowLabel.waitFor();
      const actualKpi = page.getByTestId('kpi').filter({ hasText: /^Actual spend/ });
      await expect.poll(async () => (await actualKpi.innerText()).includes('$')).toBe(true);
      const analyticsWindow = await textOf(windowLabel);
      const analyticsTotal = minorIn(await textOf(actualKpi));
      const forecastWindow = page.getByTestId('forecast-window');
      await expect.poll(async () => (await forecastWindow.innerText()).includes('$')).toBe(true);
      const analyticsForecast = await textOf(forecastWindow);
      await shot('analytics');
      // The forecast: the same total over the same 12 months, this month included.
      expect
        .soft(minorIn(analyticsForecast), 'Analytics forecast == executive summary forecast')
        .toBe(minorIn(summaryForecast));
      const forecastMonths = /\(([A-Z][a-z]{2} \d{4} – [A-Z][a-z]{2} \d{4})/.exec(analyticsForecast)?.[1];
      expect(forecastMonths, analyticsForecast).toBeDefined();
      expect
        .soft(summaryForecast, 'The executive summary names the forecast’s months')
        .toContain(forecastMonths);
      expect
        .soft(analyticsWindow, 'Analytics names the executive summary’s window')
        .toBe(`${monthOf(bandFrom!)} – ${monthOf(bandTo!)}`);
      expect
        .soft(analyticsTotal, 'Analytics actual spend == executive summary "Total spend"')
        .toBe(summaryTotal);

      // ── Budgets: each budget's actual, % used and status as in the executive summary.
      await page.goto('/app/budget');
      const cards = page.getByTestId('budget-card');
      await cards.first().waitFor();
      const budgets: Array<{ name: string; actualMinor: number; usedPercent: number; status: string }> = [];
      for (const card of await cards.all()) {
        budgets.push({
          name: await textOf(card.getByRole('heading').first()),
          actualMinor: minorIn(await textOf(card.getByTestId('budget-actual'))),
          usedPercent: numberIn(await textOf(card.getByTestId('budget-used'))),
          status: await textOf(card.getByTestId('budget-state')),
        });
      }
      await shot('budgets');
      expect(budgets.length).toBeGreaterThan(0);
      expect
        .soft(summaryBudgets.map((r) => r.Budget).sort(), 'The same budgets on both')
        .toEqual(budgets.map((b) => b.name).sort());
      for (const budget of budgets) {
        const row = summaryBudgets.find((r) => r.Budget === budget.name);
        if (!row) continue;
        expect
          .soft(
            { actual: minorIn(row.Actual ?? ''), used: numberIn(row.Used ?? ''), status: row.Status },
            `Budget "${budget.name}": Budgets page == executive summary`,
          )
          .toEqual({ actual: budget.actualMinor, used: budget.usedPercent, status: budget.status });
      }

      // ── One application: active users on Product analytics, its page and its negotiation pack.
      await page.goto('/app/product-analytics');
      const appRow = page.getByTestId('utilisation-row').filter({
        has: page.getByRole('link', { name: APPLICATION, exact: true }),
      });
      await appRow.waitFor();
      const utilisationTable = page.getByRole('table').filter({ has: appRow });
      const productRow = (await tableRows(utilisationTable)).find((r) =>
        r.Application?.startsWith(APPLICATION),
      );
      const productActive = numberIn(productRow?.Active ?? '');
      const href = await appRow.getByRole('link', { name: APPLICATION, exact: true }).getAttribute('href');
      const subscriptionId = href!.split('/').pop()!;
      const unusedKpi = page.locator('span:text-is("Unused seats cost")').locator('..');
      const unusedMonthly = minorIn(await textOf(unusedKpi));
      await shot('product-analytics');

      expect(unusedYearlyMatch, 'the executive summary names the unused seats’ cost').not.toBeNull();
      expect
        .soft(
          minorIn(unusedYearlyMatch![1]!),
          'Unused seats: executive summary a year == 12 × Product analytics a month',
        )
        .toBe(12 * unusedMonthly);

      await page.goto(`/app/subscriptions/${subscriptionId}`);
      const activeLine = page.getByText(/^Active users \(last \d+ days\): \d+$/);
      await activeLine.waitFor();
      const applicationActiveText = await textOf(activeLine);
      const applicationActive = Number(/: (\d+)$/.exec(applicationActiveText)![1]);
      await shot('application-tableau');

      await page.goto(`/app/renewals/${subscriptionId}/pack`);
      await page.getByRole('heading', { name: `${APPLICATION}: negotiation pack` }).waitFor();
      const packActiveItem = page.locator('dl > div').filter({ hasText: /^Active \(\d+ days\)/ });
      await packActiveItem.waitFor();
      const packActiveLabel = await textOf(packActiveItem.locator('dt'));
      const packActive = numberIn(await textOf(packActiveItem.locator('dd')));
      const packOpportunities: string[] = [];
      for (const item of await page
        .getByRole('region', { name: 'Open savings opportunities' })
        .locator('li')
        .all()) {
        const title = await textOf(item.getByRole('link'));
        const saving = await textOf(item.locator('span'));
        packOpportunities.push(`${title} · ${saving.includes('$') ? minorIn(saving) : '—'}`);
      }
      const target = page.getByRole('region', { name: 'Recommended target' });
      const targetItem = async (label: string) =>
        textOf(
          target
            .locator('dl > div')
            .filter({ has: page.locator(`dt:text-is("${label}")`) })
            .locator('dd'),
        );
      const targetSeats = await targetItem('Seats');
      const targetSaving = await targetItem('Saving per year');
      await shot('pack-tableau');
      // The pack's target is the renewal right-sizing Insights recommends: same seats, same saving.
      const rightSizing = applicationOpportunities.find((o) => o.startsWith(`Renew ${APPLICATION} with `));
      if (rightSizing) {
        const [, seats, saving] = /with (\d+) seats.* · (\d+)$/.exec(rightSizing) ?? [];
        expect
          .soft(targetSeats, `${APPLICATION}: pack target seats == Insights ("${rightSizing}")`)
          .toBe(seats);
        expect
          .soft(
            targetSaving.includes('$') ? String(minorIn(targetSaving)) : targetSaving,
            `${APPLICATION}: pack target saving == Insights`,
          )
          .toBe(saving);
      }
      expect
        .soft(packOpportunities.sort(), `${APPLICATION}: the pack's open opportunities == Insights'`)
        .toEqual([...applicationOpportunities].sort());

      expect
        .soft(productActive, `${APPLICATION} active users: Product analytics == application page`)
        .toBe(applicationActive);
      expect
        .soft(packActive, `${APPLICATION} active users: negotiation pack == application page`)
        .toBe(applicationActive);
      expect
        .soft(
          numberIn(packActiveLabel),
          `${APPLICATION}: the pack's activity window == the application page's ("${applicationActiveText}")`,
        )
        .toBe(numberIn(applicationActiveText.replace('Active users', '')));

      // Every figure read, for the report.
      console.log(
        JSON.stringify(
          {
            headline,
            counted,
            ledgerIdentified,
            byTypeIdentified,
            renewals30,
            renewals90,
            dashboard: { upcomingCount, contracts, recurring },
            summary: {
              band,
              summaryTotal,
              summaryRenewalsCount,
              summaryRenewalsDue,
              summaryIdentified,
              summaryBudgets,
            },
            analytics: { analyticsWindow, analyticsTotal },
            budgets,
            forecast: { summaryForecast, analyticsForecast },
            unused: { unusedMonthly, unusedYearly: unusedYearlyMatch?.[1] },
            opportunities: { applicationOpportunities, packOpportunities, targetSeats, targetSaving },
            application: { productActive, applicationActiveText, packActiveLabel, packActive },
            allMoneyOnDashboard: allMinorIn(upcomingText).length,
          },
          null,
          2,
        ),
      );
      expect(pageErrors).toEqual([]);
    },
  );
});
