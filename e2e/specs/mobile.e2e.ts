import { describe, expect, it } from 'vitest';
import { DEMO_LOAD_TIMEOUT_MS } from '../helpers/browser';
import { signedInAccount } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const PAGES = [
  '/app',
  '/app/subscriptions',
  '/app/renewals',
  '/app/expenses',
  '/app/licenses',
  '/app/users',
  '/app/notifications',
  '/app/budget',
  '/app/team',
  '/app/settings/profile',
];

describe('a 375 px phone', () => {
  const browser = useBrowser({ width: 375, height: 812 });

  it('never scrolls the page sideways, with the demo company loaded (wide tables scroll in their card)', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    expect(
      (await context.request.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS })).status(),
    ).toBe(201);
    const wide: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
  });
});
