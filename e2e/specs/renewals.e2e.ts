import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { cancelByDate } from '../../common/billing';
import { addDays, todayInTimeZone } from '../../common/dates';
import { openDatabase } from '../../server/db/client';
import { buildSubscription } from '../../server/test/factories';
import { completeOnboarding, newAccount, registerAccount } from '../helpers/api';
import { launchBrowser } from '../helpers/browser';
import { startOwnServer, type OwnServer } from '../helpers/server';

const calendarDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

describe('renewals and the alert engine', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackwise-e2e-renewals-'));
  let server: OwnServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a planted renewal with its cancel-by date, and the scheduler puts its reminder in the bell', async () => {
    // 1. An account and workspace, created through the API of a server without the scheduler.
    server = await startOwnServer(dataDir);
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const account = await registerAccount(api, newAccount());
    await completeOnboarding(api, { organizationName: 'Renewal Co' });
    const orgId: string = (await (await api.get('/api/organization')).json()).id;
    await api.dispose();
    await server.stop();

    // 2. An application that renews in 20 days with 14 days' notice, planted in the database
    //    while the server is down: its cancel-by date is 6 days away, so the 7-day reminder is due.
    const today = todayInTimeZone(new Date());
    const renewalDate = addDays(today, 20);
    const cancelBy = cancelByDate(renewalDate, 14);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await buildSubscription(database.db, orgId, {
      name: 'Figma Enterprise',
      billingCycle: 'annual',
      amountMinor: 4_500_000,
      nextRenewalDate: renewalDate,
      noticePeriodDays: 14,
    });
    await database.close();

    // 3. Back up with the in-process scheduler on: its first tick runs the day's jobs (not spread
    //    over 00:00–06:00 UTC, where this organization's slot could still be hours away).
    server = await startOwnServer(dataDir, { SCHEDULER_ENABLED: 'true', DAILY_JOBS_SPREAD_MINUTES: '0' });
    const browser = await launchBrowser({ baseURL: server.baseURL });
    try {
      const { context } = browser;
      const login = await context.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      expect(login.ok()).toBe(true);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const { count } = (await (await context.request.get('/api/notifications/count')).json()) as {
          count: number;
        };
        if (count > 0) break;
        await new Promise((r) => setTimeout(r, 500));
      }

      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/app/renewals');
      const row = page.getByRole('row', { name: /Figma Enterprise/ });
      await row.waitFor();
      await row.getByText(calendarDay(cancelBy)).waitFor();
      await row.getByText(calendarDay(renewalDate)).waitFor();
      await row.getByText('20 days').waitFor();
      await row.getByText("14 days' notice · in 6 days").waitFor();

      await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
      await page.getByText('Figma Enterprise: cancel-by date in 6 days').waitFor();
      await page
        .getByText(`give 14 days' notice by ${calendarDay(cancelBy)}`, { exact: false })
        .first()
        .waitFor();
    } finally {
      await browser.close();
    }
  }, 240_000);
});
