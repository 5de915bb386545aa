import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_LOAD_TIMEOUT_MS } from '../helpers/browser';
import { addMonths, todayInTimeZone } from '../../common/dates';
import { createFlatMonthlyApplication, okJson, signedInTrial } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

describe('analytics and reports', () => {
  const browser = useBrowser();

  it('opens Analytics, drills from a bar into the ledger, opens the Executive summary and downloads its PDF', async () => {
    const { page, context } = browser;
    const api = context.request;
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // A Growth trial with an application and three months of its charges.
    await signedInTrial(api, { organizationName: 'Ledgerline', currency: 'USD' }, 'pro');
    const app = await createFlatMonthlyApplication(api, {
      name: 'Figma',
      catalogSlug: 'figma',
      amountMinor: 45_000,
    });
    const thisMonth = `${todayInTimeZone(new Date()).slice(0, 7)}-01`;
    for (const months of [-3, -2, -1]) {
      await okJson(
        await api.post('/api/expenses', {
          data: {
            date: addMonths(thisMonth, months),
            amountMinor: 45_000,
            currency: 'USD',
            merchant: 'FIGMA',
            subscriptionId: app.id,
          },
        }),
        'record a charge',
      );
    }

    // Analytics: spend by application; a bar opens the ledger filtered to that application and month.
    await page.goto('/app/analytics?groupBy=application');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const chart = page.getByTestId('spend-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'analytics.png'), fullPage: true });
    await chart.locator('.recharts-bar-rectangle path').first().click();
    await page.waitForURL(/\/app\/expenses\?/);
    const drilled = new URL(page.url()).searchParams;
    expect(drilled.get('subscriptionId')).toBe(app.id);
    expect(drilled.get('from')).toBe(addMonths(thisMonth, -3));
    // In the ledger's rows: the application filter's hidden <option>Figma</option> matches too.
    await page.getByRole('table').getByText('FIGMA').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'analytics-drill.png'), fullPage: true });

    // The Executive summary on screen, then its PDF.
    await page.goto('/app/reports');
    await page
      .getByTestId('report-card')
      .filter({ hasText: 'Executive summary' })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('heading', { name: 'Executive summary', level: 1 }).waitFor();
    await page.getByText('$1,350.00').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'executive-summary.png'), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stackwise-executive-summary-.*\.pdf$/);
    const file = path.join(ARTIFACTS, 'executive-summary.pdf');
    await download.saveAs(file);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

    // Schedule it monthly from the report page, then see it on the schedules page.
    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'schedule-dialog.png') });
    await page.keyboard.press('Escape');
    await page.goto('/app/reports/schedules');
    await page.getByRole('heading', { name: 'Scheduled reports', level: 1 }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'report-schedules.png'), fullPage: true });
    await page.goto('/app/product-analytics');
    await page.getByRole('heading', { name: 'Product analytics', level: 1 }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'product-analytics.png'), fullPage: true });
  });

  it('shows the demo company’s two years in analytics, product analytics and the executive summary', async () => {
    const { page, context } = browser;
    const api = context.request;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signedInTrial(api, { organizationName: 'Demo Group', currency: 'USD' }, 'scale');
    expect((await api.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS })).status()).toBe(201);

    await page.goto('/app/analytics?preset=last_24_months&groupBy=department&interval=quarter');
    await page.getByTestId('spend-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'analytics-demo.png'), fullPage: true });

    await page.goto('/app/product-analytics');
    await page.getByRole('heading', { name: 'Product analytics', level: 1 }).waitFor();
    await page.getByRole('table').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'product-analytics-demo.png'), fullPage: true });

    await page.goto('/app/reports/executive-summary');
    await page.getByRole('heading', { name: 'Executive summary', level: 1 }).waitFor();
    await page.getByTestId('download-pdf').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'executive-summary-demo.png'), fullPage: true });
    const pdf = await api.get('/api/reports/executive-summary?format=pdf');
    expect(pdf.status()).toBe(200);
    await writeFile(path.join(ARTIFACTS, 'executive-summary-demo.pdf'), await pdf.body());
  });
});
