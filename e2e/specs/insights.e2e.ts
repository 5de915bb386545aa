import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_LOAD_TIMEOUT_MS } from '../helpers/browser';
import { signedInAccount } from '../helpers/api';
import { launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer, type InProcessServer } from '../helpers/server';

let server: InProcessServer;
let browser: BrowserSession;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  server = await startInProcessServer();
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

/** "$1,234.56" → 123456. */
const minorOf = async (figure: Locator) =>
  Math.round(Number((await figure.innerText()).replace(/[^0-9.]/g, '')) * 100);

describe('insights and the savings pipeline', () => {
  it('finds the demo company’s waste; dismissing one and starting another moves the ledger', async () => {
    const request = browser.context.request;
    await signedInAccount(request);
    const orgId: string = (await (await request.get('/api/organization')).json()).id;
    await server.setOrganization(orgId, { subscriptionPlan: 'pro', accountStatus: 'active' });
    // Loading the demo generates its insights at once.
    expect((await request.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS })).status()).toBe(201);

    await page.goto('/app/optimize');
    const inProgress = page.getByTestId('ledger-In progress');
    await inProgress.waitFor();
    expect(await minorOf(inProgress)).toBe(0);
    expect(await minorOf(page.getByTestId('ledger-Realized all time'))).toBeGreaterThan(0);

    await page.goto('/app/insights');
    await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
    const cards = page.getByTestId('insight-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(5);
    const identified = await minorOf(
      page.getByRole('region', { name: 'Today’s summary' }).getByTestId('identified'),
    );
    expect(identified).toBeGreaterThan(0);

    // Dismiss the first card, with a reason.
    const first = cards.first();
    const dismissedTitle = await first.getByRole('heading').innerText();
    await first.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss this opportunity?' });
    await dialog.getByRole('radio', { name: 'Already handled' }).click();
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('insight-card').filter({ hasText: dismissedTitle }).waitFor({ state: 'detached' });

    // Start work on inactive licenses with a known saving: seats they free count once, to them
    // (a renewal right-sizing of the same seats shows its saving but counts nothing more).
    const next = cards
      .filter({ has: page.getByRole('button', { name: 'Start' }) })
      .filter({ hasText: /inactive .* licenses/ })
      .filter({ hasText: '/ year' })
      .first();
    const startedTitle = await next.getByRole('heading').innerText();
    await next.getByRole('button', { name: 'Start' }).click();
    await page
      .getByTestId('insight-card')
      .filter({ hasText: startedTitle })
      .getByText('In progress', { exact: true })
      .waitFor();

    // The ledger and the board follow.
    await page.goto('/app/optimize');
    await expect.poll(() => minorOf(page.getByTestId('ledger-In progress'))).toBeGreaterThan(0);
    const board = page.getByRole('region', { name: 'Savings pipeline' });
    await board.getByRole('region', { name: 'In progress' }).getByText(startedTitle).first().waitFor();
    await board.getByRole('region', { name: 'Dismissed' }).getByText(dismissedTitle).first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
