import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/session';

describe('public site', () => {
  const browser = useBrowser();

  it('shows a not-found page with a way home for unknown paths', async () => {
    const { page } = browser;
    await page.goto('/definitely/not/a/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('pricing switches to yearly prices of ten months', async () => {
    const { page } = browser;
    await page.goto('/pricing');
    const growth = page.getByTestId('plan-pro');
    await expect(growth.textContent()).resolves.toContain('$49/month');
    await page.getByRole('radio', { name: /Yearly/ }).click();
    await expect(growth.textContent()).resolves.toContain('$490/year');
    await expect(page.getByTestId('plan-scale').textContent()).resolves.toContain('$1,990/year');
  });

  it('every public route renders its page', async () => {
    const { page } = browser;
    const routes: Array<[string, RegExp]> = [
      ['/platform/saas-spend-management', /Know what you pay for/],
      ['/platform/ai-intelligence', /cost analyst/],
      ['/platform/contract-management', /Every software contract/],
      ['/marketing/competitors', /Vendr, Zylo, Torii, Productiv, Cledara/],
      ['/marketing/alternatives', /alternative/],
      ['/why-stackwise', /least managed/],
      ['/support', /How can we help/],
      ['/request-demo', /See Stackwise on a stack like yours/],
      ['/saas-trends-2025', /Six shifts/],
      ['/legal/terms', /Terms of Service/],
      ['/legal/privacy', /Privacy Policy/],
      ['/legal/gdpr', /GDPR/],
      ['/legal/refund', /Refund Policy/],
      ['/forgot-password', /Reset your password/],
      ['/reset-password', /This reset link is incomplete/],
    ];
    for (const [path, heading] of routes) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    expect(browser.pageErrors).toEqual([]);
  });

  it('the demo form validates, then stores the request', async () => {
    const { page } = browser;
    await page.goto('/request-demo');
    await page.getByRole('button', { name: 'Request a demo' }).click();
    await page.getByText('Please enter your name').waitFor();
    await page.getByText('Choose a company size').waitFor();
    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Work email').fill('kj@example.com');
    await page.getByLabel('Company', { exact: true }).fill('Langley Analytics');
    await page.getByLabel('Company size').selectOption('51-200');
    await page.getByRole('button', { name: 'Request a demo' }).click();
    await page.getByText('Demo requested').waitFor();
  });

  it('the support form sends a message', async () => {
    const { page } = browser;
    await page.goto('/support');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('How can we help?').fill('How do I forward invoices from Gmail?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent').waitFor();
  });

  it('the home page fits a 375 px wide screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/', '/pricing', '/auth/login', '/marketing/competitors', '/saas-trends-2025']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
