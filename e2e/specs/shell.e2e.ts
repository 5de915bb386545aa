import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

describe('app shell', () => {
  const browser = useBrowser();

  it('keeps the sidebar collapsed or expanded across a reload', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    await page.goto('/app');
    const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
    await sidebar.waitFor();
    await expect(sidebar.getAttribute('class')).resolves.toContain('w-16');

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar.getAttribute('class')).resolves.toContain('w-64');
    await page.getByRole('button', { name: 'Unread notifications' }).waitFor();

    await page.reload();
    await sidebar.waitFor();
    await expect(sidebar.getAttribute('class')).resolves.toContain('w-64');
    await sidebar.getByRole('link', { name: 'Applications', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await sidebar.waitFor();
    await expect(sidebar.getAttribute('class')).resolves.toContain('w-16');
  });

  it('keeps the chosen theme across a reload (dark by default)', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    await expect(page.locator('html').getAttribute('class')).resolves.toContain('dark');

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Light mode' }).click();
    await expect(page.locator('html').getAttribute('class')).resolves.toContain('light');

    await page.reload();
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    await expect(page.locator('html').getAttribute('class')).resolves.toContain('light');
    await page.goto('/pricing');
    await expect(page.locator('html').getAttribute('class')).resolves.toContain('light');
  });

  it('the notification bell shows the empty state and leads to all notifications', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page.getByText('All Clear!').waitFor();
    await page.getByText('No notifications at this time').first().waitFor();
    await page.getByRole('link', { name: 'View All Notifications' }).click();
    await page.waitForURL('**/app/notifications');
    await page.getByRole('tab', { name: 'Dismissed' }).waitFor();
  });

  it('the Setup Progress page links each step to where it is done', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    await page.goto('/app');
    await page.getByRole('link', { name: /Setup Progress/ }).click();
    await page.waitForURL('**/app/setup');
    await page.getByText('0 of 6 steps complete').waitFor();
    await page.getByRole('link', { name: 'Configure alerts' }).click();
    await page.waitForURL('**/app/settings/notifications');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
  });

  it('every /app route of the spec renders its page inside the shell', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    const routes: Array<[string, string]> = [
      ['/app/subscriptions', 'Applications'],
      ['/app/brands', 'Brands'],
      ['/app/brands/7a2b', 'Brand details'],
      ['/app/licenses', 'Licenses'],
      ['/app/users', 'Users'],
      ['/app/expenses', 'Expenses'],
      ['/app/reports', 'Reports'],
      ['/app/optimize', 'Optimize'],
      ['/app/vendors', 'Vendors'],
      ['/app/brand-profitability', 'Brand profitability'],
      ['/app/budget', 'Budgets'],
      ['/app/renewals', 'Renewals'],
      ['/app/notifications', 'Notifications'],
      ['/app/setup', 'Setup Progress'],
      ['/app/analytics', 'Analytics'],
      ['/app/product-analytics', 'Product analytics'],
      ['/app/insights', 'Insights'],
      ['/app/entities', 'Entities'],
      ['/app/team', 'Team'],
      ['/app/team-tools', 'Team tools'],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      // On Starter, pages of a higher plan show the upgrade prompt in their place (spec §6).
      await page
        .getByRole('heading', { level: 1, name: title, exact: true })
        .or(page.getByTestId('upgrade-prompt'))
        .waitFor();
      await page.getByRole('complementary', { name: 'Main navigation' }).waitFor();
    }
    // An application that does not exist: a clear message inside the shell, with a way back.
    await page.goto('/app/subscriptions/00000000-0000-4000-8000-000000000000');
    await page.getByText('This application does not exist or was removed.').waitFor();
    await page.getByRole('link', { name: 'Back to applications' }).waitFor();
    await page.goto('/app/settings/categories');
    await page.getByRole('heading', { level: 2, name: 'Categories' }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('saves dashboard screenshots at 1440×900 and 375×812', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request, { organizationName: 'Northwind Labs' });
    await page.goto('/app');
    await page.getByText('No applications tracked yet').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-1440x900.png') });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByText('No applications tracked yet').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-375x812.png'), fullPage: true });
  });
});
