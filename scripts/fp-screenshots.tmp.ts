// Temporary (not committed): screenshots of the dashboard and lazily loaded screens against a running server.
import { chromium, request as playwrightRequest } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/helpers/browser';
import { completeOnboarding, newAccount, registerAccount } from '../e2e/helpers/api';

const baseURL = process.env.BASE_URL!;
const out = '/tmp/fp-shots';
const api = await playwrightRequest.newContext({ baseURL });
await registerAccount(api, newAccount());
await completeOnboarding(api);
const demo = await api.post('/api/demo', { timeout: 180_000 });
console.log('demo', demo.status());
const state = await api.storageState();
await api.dispose();

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
const errors: string[] = [];
page.on('pageerror', (e) => errors.push(e.message));
const scripts: string[] = [];
page.on('request', (r) => {
  if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
});
await page.goto('/app');
await page.waitForSelector('[data-testid="stat-Applications"]', { timeout: 60_000 });
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/dashboard.png` });
console.log('dashboard scripts', scripts.length);
// A lazily loaded screen, reached by the sidebar (client-side navigation).
await page.getByRole('link', { name: 'Renewals' }).first().click();
await page.waitForURL('**/app/renewals');
await page.getByRole('heading', { name: 'Renewals' }).first().waitFor({ timeout: 30_000 });
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/renewals-nav.png` });
// A lazily loaded screen opened directly.
await page.goto('/app/subscriptions');
await page.getByRole('heading', { name: 'Applications' }).first().waitFor({ timeout: 30_000 });
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/subscriptions-direct.png` });
// Settings (its own shell) and the public home page.
await page.goto('/app/settings/general');
await page.waitForTimeout(3000);
await page.screenshot({ path: `${out}/settings.png` });
await page.goto('/app/no-such-page');
await page.waitForTimeout(2500);
await page.screenshot({ path: `${out}/app-not-found.png` });
console.log('page errors', errors);
await browser.close();
