import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../common/dates';
import { signedInAccount } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

describe('renewal negotiation pack', () => {
  const browser = useBrowser();

  it('opens a renewal’s pack from /app/renewals, edits the draft e-mail and downloads the PDF', async () => {
    const { page, context } = browser;
    const api = context.request;
    await signedInAccount(api, { organizationName: 'Pack & Co' });
    const created = await api.post('/api/subscriptions', {
      data: {
        name: 'Slack',
        catalogSlug: 'slack',
        pricingModel: 'per-seat',
        seats: 20,
        unitPriceMinor: 1_000,
        amountMinor: 20_000,
        billingCycle: 'monthly',
        currency: 'USD',
        nextRenewalDate: addDays(todayInTimeZone(new Date()), 40),
        noticePeriodDays: 30,
        autoRenew: true,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.goto('/app/renewals');
    const row = page.getByRole('row', { name: /Slack/ });
    await row.getByRole('link', { name: 'Negotiation pack' }).click();
    await page.waitForURL('**/app/renewals/*/pack');
    await page.getByRole('heading', { name: 'Slack: negotiation pack' }).waitFor();
    await page.getByRole('heading', { name: 'Recommended target' }).waitFor();
    await page.getByText('Your cancel-by date is', { exact: false }).waitFor();

    const message = page.getByLabel('Message');
    await expect(message.inputValue()).resolves.toContain('Our Slack subscription renews on');
    await message.fill('Hi Dana, shall we talk about the Slack renewal?');
    await expect(message.inputValue()).resolves.toBe('Hi Dana, shall we talk about the Slack renewal?');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^slack-negotiation-pack-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.screenshot({ path: path.join(ARTIFACTS, 'negotiation-pack.png'), fullPage: true });
    expect(browser.pageErrors).toEqual([]);
  });
});
