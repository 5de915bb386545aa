import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const CSV = [
  'Name,Vendor,Cost,Currency,Billing cycle,Renewal date',
  'Linear,Linear,96.00,USD,monthly,2027-01-15',
  'Loom,Atlassian,twelve,USD,monthly,2027-02-01',
].join('\n');

describe('applications', () => {
  const browser = useBrowser();

  it('adds from the catalogue, edits, filters, and imports a CSV', async () => {
    const { page, context } = browser;
    await signedInAccount(context.request);
    await page.goto('/app/subscriptions');
    await page.getByText('No applications yet').waitFor();

    // Add from the catalogue, typo and all.
    await page.getByRole('button', { name: 'Add application' }).first().click();
    await page.getByLabel('Search the catalogue').fill('slak');
    await page
      .getByRole('listbox', { name: 'Catalogue results' })
      .getByRole('button', { name: /Slack/ })
      .first()
      .click();
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Slack');
    await page.getByLabel('Seats').fill('10');
    await page.getByRole('dialog').getByRole('button', { name: 'Add application' }).click();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: /Slack/ }).waitFor();

    // Edit it on its page.
    await table.getByRole('link', { name: /Slack/ }).click();
    await page.waitForURL('**/app/subscriptions/*');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Notes').fill('Company-wide chat');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Company-wide chat').waitFor();

    // Import a CSV: one good row, one bad row; keep only the good one.
    await page.goto('/app/subscriptions');
    await page.getByRole('button', { name: 'Import' }).first().click();
    await page
      .getByRole('tabpanel', { name: 'CSV file' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'apps.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page
      .getByRole('list', { name: 'Rows with problems' })
      .getByText('Line 3 · Cost per cycle: Not an amount: "twelve"')
      .waitFor();
    await page.getByRole('button', { name: 'Import only the 1 good rows' }).click();
    await table.getByRole('link', { name: /Linear/ }).waitFor();

    // Filter by search text: kept in the URL.
    await page.getByLabel('Search applications').fill('lin');
    await page.waitForURL(/q=lin/);
    await table.getByRole('link', { name: /Slack/ }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: /Linear/ }).waitFor();
    await page.reload();
    await table.getByRole('link', { name: /Linear/ }).waitFor();
    await expect(page.getByLabel('Search applications').inputValue()).resolves.toBe('lin');
  });
});
