import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOAD_TIMEOUT_MS } from '../helpers/browser';
import { dailyJobs } from '../../server/jobs';
import { testScheduler } from '../../server/test/scheduler';
import { setPlan } from '../../server/test/factories';
import { signedInAccount } from '../helpers/api';
import { launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer } from '../helpers/server';

// The demo company's alerts in Chromium: high first, then medium, then low; a selection and a
// whole type dismissed from the notifications page.

const ARTIFACTS = 'e2e/artifacts/notifications';
let server: Awaited<ReturnType<typeof startInProcessServer>>;
let session: BrowserSession;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startInProcessServer();
  session = await launchBrowser({ baseURL: server.baseURL, viewport: { width: 1280, height: 1100 } });
});
afterAll(async () => {
  await session?.close();
  await server?.close();
});

describe('notifications page with the demo company', () => {
  it('lists by priority, dismisses a selection and every cost alert', async () => {
    const page = await session.context.newPage();
    await signedInAccount(page.request, { organizationName: 'Northwind Labs' });
    expect((await page.request.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS })).status()).toBe(
      201,
    );
    const org = await (await page.request.get('/api/organization')).json();
    await setPlan(server.app.deps.db, org.id, 'pro');
    await testScheduler(server.app.deps, dailyJobs).tick();

    await page.goto('/app/notifications');
    const items = page.getByTestId('notification-item');
    await items.first().waitFor();
    const priorities = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-priority')));
    const rank = priorities.map((p) => ['high', 'medium', 'low'].indexOf(p ?? ''));
    expect(new Set(priorities)).toEqual(new Set(['high', 'medium', 'low']));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    const before = await items.count();

    const first = items.nth(0).getByRole('checkbox');
    const firstLabel = (await first.getAttribute('aria-label'))!.replace(/^Select /, '');
    await first.check();
    await items.nth(1).getByRole('checkbox').check();
    await page.getByText('2 selected').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/notifications-selected.png`, fullPage: false });
    await page.getByRole('button', { name: 'Dismiss selected' }).click();
    await page
      .getByRole('dialog', { name: 'Dismiss 2 notifications?' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await page.getByText(firstLabel, { exact: true }).waitFor({ state: 'detached' });
    expect(await items.count()).toBe(before - 2);

    await page.getByRole('button', { name: 'Dismiss all of a type' }).click();
    await page.screenshot({ path: `${ARTIFACTS}/notifications-by-type-menu.png`, fullPage: false });
    await page.getByRole('menuitem', { name: /Cost alert/ }).click();
    await page
      .getByRole('dialog', { name: 'Dismiss all cost alert notifications?' })
      .getByRole('button', { name: 'Dismiss all' })
      .click();
    await page
      .getByText(/notifications? dismissed/)
      .first()
      .waitFor();
    const left = await (await page.request.get('/api/notifications?type=cost-alert')).json();
    expect(left).toEqual([]);
  });
});
