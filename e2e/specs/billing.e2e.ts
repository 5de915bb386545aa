import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/lib/clock';
import { signedInAccount } from '../helpers/api';
import { launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer, type InProcessServer } from '../helpers/server';

const DAY = 86_400_000;
const HOUR = 3_600_000;

// Starts at the real time, so the browser's own date arithmetic agrees with the server.
const clock = fixedClock(new Date());
let server: InProcessServer;
let browser: BrowserSession;
let page: Page;
let orgId: string;

beforeAll(async () => {
  server = await startInProcessServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  browser = await launchBrowser({ baseURL: server.baseURL });
  page = await browser.context.newPage();
  await signedInAccount(browser.context.request);
  orgId = (await (await browser.context.request.get('/api/organization')).json()).id;
});
afterEach(async () => {
  await browser?.close();
});

const now = () => clock.now().getTime();

/** A Growth trial ending `left` ms from now (started 14 days before its end). */
const trialEndingIn = (left: number) =>
  server.setOrganization(orgId, {
    accountStatus: 'trial',
    trialPlan: 'pro',
    trialStartedAt: new Date(now() + left - 14 * DAY),
    trialEndsAt: new Date(now() + left),
  });

describe('trial banner', () => {
  it('reads "10 days remaining" at 10 days and turns urgent at 2 days', async () => {
    await trialEndingIn(10 * DAY - HOUR);
    await page.goto('/app');
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain("You're on a Growth trial — 10 days remaining");
    expect(await banner.getAttribute('data-tone')).toBe('info');
    expect(await banner.getByRole('button', { name: 'Upgrade Now' }).isVisible()).toBe(true);

    await trialEndingIn(2 * DAY - HOUR);
    await page.reload();
    await page.getByText('Only 2 days left in your Growth trial!').waitFor();
    expect(await page.getByTestId('trial-banner').getAttribute('data-tone')).toBe('urgent');

    await page.getByTestId('trial-banner').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('trial-banner').waitFor({ state: 'detached' });
  });
});

describe('locked screen', () => {
  it('replaces the app after the trial expired; plans stay reachable; downgrading unlocks', async () => {
    await server.setOrganization(orgId, {
      accountStatus: 'trial_expired',
      trialPlan: 'scale',
      trialStartedAt: new Date(now() - 30 * DAY),
      trialEndsAt: new Date(now() - 16 * DAY),
      graceEndsAt: new Date(now() - 9 * DAY),
    });
    await page.goto('/app/budget');
    await page.getByRole('heading', { name: 'Your Trial Has Ended' }).waitFor();
    expect(
      await page
        .getByText(
          'Your account is temporarily locked. Upgrade to a paid plan or downgrade to the Free plan to regain access.',
        )
        .isVisible(),
    ).toBe(true);
    const upgrade = page.getByRole('region', { name: 'Upgrade to Scale' });
    expect(await upgrade.innerText()).toContain('$199');
    expect(await upgrade.innerText()).toContain('Recommended');
    expect(await page.getByRole('region', { name: 'Downgrade to Free' }).innerText()).toContain(
      'Up to 15 subscriptions',
    );

    await page.getByRole('link', { name: 'Compare all plans' }).click();
    await page.waitForURL('**/app/settings/plans');
    await page.getByTestId('plan-card-starter').waitFor();
    expect(await page.getByTestId('plan-status').innerText()).toContain('Your account is locked.');

    await page.getByTestId('plan-card-starter').getByRole('button', { name: 'Downgrade to Starter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Downgrade to Starter' }).click();
    await page.getByText("You're on the Starter plan").first().waitFor();
    await page.goto('/app');
    await page.getByRole('button', { name: /See Plans/ }).waitFor();
    expect(await page.getByText('Your Trial Has Ended').count()).toBe(0);
  });
});

describe('grace dialog', () => {
  it('cannot be dismissed, counts the days left and leads to the plans', async () => {
    await server.setOrganization(orgId, {
      accountStatus: 'grace_readonly',
      trialPlan: 'pro',
      trialStartedAt: new Date(now() - 16 * DAY),
      trialEndsAt: new Date(now() - 2 * DAY),
      graceEndsAt: new Date(now() + 5 * DAY - HOUR),
    });
    await page.goto('/app');
    const dialog = page.getByTestId('grace-dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('Your Trial Has Ended');
    expect(text).toContain("You're in a 5-day grace period with read-only access");
    expect(text).toMatch(/Grace period ends in \d+ days/);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('link', { name: 'Upgrade Now to Continue' }).click();
    await page.waitForURL('**/app/settings/plans');
    await page.getByTestId('plan-card-pro').waitFor();
    expect(await page.getByTestId('grace-dialog').count()).toBe(0);
  });
});

describe('trial start', () => {
  it('See Plans → Try Free → Start Free Trial → Welcome with confetti → reload → banner', async () => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto('/app');
    await page.getByRole('button', { name: /See Plans/ }).click();
    const upgrade = page.getByRole('dialog');
    await upgrade.getByRole('heading', { name: 'Upgrade to Growth' }).waitFor();
    await upgrade.getByRole('button', { name: 'Try Free for 14 Days' }).click();

    const trial = page.getByRole('dialog', { name: 'Start your free Growth trial' });
    await trial.waitFor();
    expect(await trial.innerText()).toContain('Try Growth ($49/month) free for 14 days.');
    const reloaded = page.waitForEvent('load');
    reloaded.catch(() => undefined); // a failure below must not leave this promise unhandled
    await trial.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Welcome to Growth!' }).waitFor();
    // The confetti library loads on demand, so its canvas lands a moment after the heading.
    await page.locator('canvas').first().waitFor({ state: 'attached', timeout: 1_500 });
    await page.waitForTimeout(300); // the confetti's worker has started (or been refused) by now
    expect(blocked).toEqual([]);

    await reloaded;
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain("You're on a Growth trial — 14 days remaining");
    const status = await (await browser.context.request.get('/api/trial/status')).json();
    expect(status).toMatchObject({ isTrialActive: true, trialPlan: 'pro', trialDaysRemaining: 14 });
  });
});
