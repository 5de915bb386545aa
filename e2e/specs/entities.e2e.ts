import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../common/dates';
import { createFlatMonthlyApplication, okJson, signedInTrial } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

type Profitability = { brands: Array<{ name: string; spendMinor: number; costPercent: number | null }> };
const brandSpend = async (api: APIRequestContext, name: string) => {
  const body = await okJson<Profitability>(await api.get('/api/brand-profitability'), 'brand profitability');
  return body.brands.find((b) => b.name === name)?.spendMinor ?? null;
};

describe('entities, brands and brand profitability', () => {
  const browser = useBrowser();

  it('creates an entity and a brand on a Scale trial, splits an application 60/40, and brand profitability moves', async () => {
    const { page, context } = browser;
    const api = context.request;
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // Set-up through the API: a Scale trial, an application and last month's charge for it.
    await signedInTrial(api, { organizationName: 'Harbour Group', currency: 'USD' }, 'scale');
    const app = await createFlatMonthlyApplication(api, {
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 100_000,
    });
    // Last month's charge: brand profitability shows the last 12 whole months (issue 31).
    const today = todayInTimeZone(new Date());
    const chargeDate = addDays(`${today.slice(0, 7)}-01`, -10);
    await okJson(
      await api.post('/api/expenses', {
        data: {
          date: chargeDate,
          amountMinor: 100_000,
          currency: 'USD',
          merchant: 'SLACK T0123ABC',
          subscriptionId: app.id,
        },
      }),
      'record the charge',
    );

    // An entity in euros, then a brand it owns, through the screens.
    await page.goto('/app/entities');
    await page.getByRole('button', { name: 'New entity' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Harbour Europe B.V.');
    await dialog.getByLabel('Country').fill('NL');
    await dialog.getByLabel('Functional currency').selectOption('EUR');
    await dialog.getByRole('button', { name: /create/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Harbour Europe B.V.' }).first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'entities.png'), fullPage: true });

    await page.goto('/app/brands');
    await page.getByRole('button', { name: 'New brand' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Tidewater');
    await dialog.getByLabel('Entity').selectOption({ label: 'Harbour Europe B.V.' });
    await dialog.getByRole('button', { name: 'Create brand' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Tidewater').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'brands.png'), fullPage: true });

    // Before the split the whole charge sits with the default brand.
    expect(await brandSpend(api, 'Tidewater')).toBe(0);
    expect(await brandSpend(api, 'Harbour Group')).toBe(100_000);

    // Split Slack 60 % Harbour Group / 40 % Tidewater on its page.
    await page.goto(`/app/subscriptions/${app.id}`);
    await page.getByRole('button', { name: 'Change allocation' }).click();
    await page.getByRole('button', { name: 'Add share' }).click();
    await page.getByLabel('Entity, row 2').selectOption({ label: 'Harbour Europe B.V.' });
    await page.getByLabel('Brand, row 2').selectOption({ label: 'Tidewater' });
    await page.getByLabel('Percent, row 1').fill('60');
    await page.getByLabel('Percent, row 2').fill('40');
    await page.screenshot({ path: path.join(ARTIFACTS, 'allocation-editor.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save allocation' }).click();
    await page.getByRole('button', { name: 'Change allocation' }).waitFor();

    // Brand profitability moved: $400 of the $1,000 charge is Tidewater's, on screen and in the API.
    expect(await brandSpend(api, 'Tidewater')).toBe(40_000);
    expect(await brandSpend(api, 'Harbour Group')).toBe(60_000);
    await page.goto('/app/brand-profitability');
    const card = page.getByTestId('brand-card').filter({ hasText: 'Tidewater' });
    await card.getByText('$400.00').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'brand-profitability.png'), fullPage: true });
  });
});
