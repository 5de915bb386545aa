import { describe, expect, it } from 'vitest';
import { createAccount, useBrowser } from '../helpers/session';

describe('access rules', () => {
  const browser = useBrowser();

  it('sends a signed-out visitor to sign in, then back to the page they wanted', async () => {
    const { page } = browser;
    const account = await createAccount();
    // A page of the free plan: gated pages (e.g. /app/budget) show an upgrade prompt on Starter.
    await page.goto('/app/renewals');
    await page.waitForURL('**/auth/login?next=%2Fapp%2Frenewals');
    await page.getByRole('heading', { name: 'Sign in to Stackwise' }).waitFor();

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.pathname === '/app/renewals');
    await page.getByRole('heading', { name: 'Renewals', level: 1 }).waitFor();
  });

  it('shows "Login failed" with the server’s message for a wrong password', async () => {
    const { page } = browser;
    const account = await createAccount();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Login failed').first().waitFor();
    await page.getByText('Invalid email or password').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('logging out from the user menu returns to the home page and protects the app again', async () => {
    const { page, context } = browser;
    const account = await createAccount();
    await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    await page.goto('/app');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // It stays there (it used to go on to /auth/login?next=%2Fapp a moment later).
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/app');
    await page.waitForURL('**/auth/login?next=%2Fapp');
  });
});
