import { describe, expect, it } from 'vitest';
import { newAccount, registerAccount } from '../helpers/api';
import { useBrowser } from '../helpers/session';

describe('register → onboarding → dashboard', () => {
  const browser = useBrowser();

  it('a new visitor registers from the home page, onboards in three steps and reaches the dashboard', async () => {
    const { page } = browser;
    const account = newAccount({ firstName: 'Grace', lastName: 'Hopper' });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Every SaaS dollar',
    );
    await page.getByRole('link', { name: 'Start free' }).first().click();
    await page.waitForURL('**/auth/register');

    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Work email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Step 1: profile (names carried over from registration).
    await page.waitForURL('**/onboarding');
    await page.getByText('Step 1 of 3').waitFor();
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Grace');
    await page.getByLabel('Job title').fill('Controller');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: workspace.
    await page.getByText('Step 2 of 3').waitFor();
    await page.getByLabel('Company name').fill('Harvard Mark Computing');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Fiscal year starts in').selectOption({ label: 'April' });
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByText('Choose your company size').waitFor();
    await page.getByText('11-50', { exact: true }).click();
    await page.getByRole('button', { name: 'Create workspace' }).click();

    // Step 3: first applications.
    await page.getByText('Step 3 of 3').waitFor();
    await page.getByLabel('Application name').fill('Slack');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: '+ Figma' }).click();
    await expect(
      page.getByRole('list', { name: 'Applications to add' }).getByRole('listitem').count(),
    ).resolves.toBe(2);
    await page.getByRole('button', { name: 'Add 2 and finish' }).click();

    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { name: /, Grace$/ }).waitFor();
    await page.getByText('Software spend at Harvard Mark Computing, in EUR.').waitFor();
    await expect(page.getByTestId('stat-Monthly spend').textContent()).resolves.toMatch(/€/);
    await page.getByRole('complementary', { name: 'Main navigation' }).waitFor();
    await page.getByRole('link', { name: /Setup Progress/ }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('a signed-in user who has not finished onboarding is sent to /onboarding from anywhere', async () => {
    const { page, context } = browser;
    await registerAccount(context.request);
    for (const path of ['/app/renewals', '/app/settings/profile', '/pricing']) {
      await page.goto(path);
      await page.waitForURL('**/onboarding');
      await page.getByRole('heading', { name: 'Welcome to Stackwise' }).waitFor();
    }
  });

  it('onboarding can be skipped at the applications step', async () => {
    const { page, context } = browser;
    await registerAccount(context.request);
    await context.request.patch('/api/onboarding', {
      data: { step: 'profile', firstName: 'Ada', lastName: 'Lovelace' },
    });
    await context.request.patch('/api/onboarding', {
      data: {
        step: 'workspace',
        organizationName: 'Engines',
        currency: 'USD',
        fiscalYearStartMonth: 1,
        companySize: '1-10',
      },
    });
    await page.goto('/onboarding');
    await page.getByText('Step 3 of 3').waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByText('No applications tracked yet').waitFor();
  });
});
