import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInTimeZone } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { createFlatMonthlyApplication, okJson, signedInTrial } from '../helpers/api';
import { useBrowser } from '../helpers/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

const NOTION_MINOR = 9_600;
const INKWELL_MINOR = 4_500;
const BUDGET_MINOR = 50_000;
const usd = (minor: number) => formatMoney(minor, 'USD');

/** The figure under a label of the wizard's preview counts ("Rows", "Matched", …). */
const previewCount = (dialog: Locator, label: string) =>
  dialog
    .getByTestId('import-counts')
    .locator('div')
    .filter({ has: dialog.page().getByText(label, { exact: true }) })
    .locator('dd');

/** Client-side navigation through the sidebar, so cached queries must have been refreshed. */
const navigate = (page: Page, label: string) =>
  page
    .getByRole('complementary', { name: 'Main navigation' })
    .getByRole('link', { name: label, exact: true })
    .click();

describe('expenses', () => {
  const browser = useBrowser();

  it('imports a statement, matches the unmatched charge by hand, and the budget moves', async () => {
    const { page, context } = browser;
    const api = context.request;
    // Charts draw at once (Recharts skips its animation), so the screenshot shows them whole.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // 1. Set-up through the API: a Growth trial (budgets need Growth), two Engineering applications
    //    and a monthly Engineering budget (a charge counts there once it is matched to one of them;
    //    a whole-organization budget counts unmatched charges too, issue 31).
    await signedInTrial(api, { organizationName: 'Ledger & Co', currency: 'USD' }, 'pro');
    await createFlatMonthlyApplication(api, {
      name: 'Notion',
      catalogSlug: 'notion',
      department: 'Engineering',
      amountMinor: NOTION_MINOR,
    });
    // Bought from a small vendor whose statement line names its company, not the product: nothing
    // in the catalogue or the organization's names matches "FS *INKWELL SOFTWARE".
    await createFlatMonthlyApplication(api, {
      name: 'Quillwright',
      department: 'Engineering',
      amountMinor: INKWELL_MINOR,
    });
    await okJson(
      await api.post('/api/budgets', {
        data: {
          name: 'Software spend',
          period: 'monthly',
          amountMinor: BUDGET_MINOR,
          scope: 'department',
          scopeValue: 'Engineering',
        },
      }),
      'create budget',
    );

    // Both charges fall in the budget's current (calendar, fiscal year from January) month.
    const today = todayInTimeZone(new Date());
    const monthStart = `${today.slice(0, 7)}-01`;
    const statement = [
      'Date,Description,Amount',
      `${monthStart},NOTION LABS INC,-${(NOTION_MINOR / 100).toFixed(2)}`,
      `${today},FS *INKWELL SOFTWARE,-${(INKWELL_MINOR / 100).toFixed(2)}`,
    ].join('\n');

    // The budget before anything is imported.
    await page.goto('/app/budget');
    const card = page.getByTestId('budget-card').filter({ hasText: 'Software spend' });
    await card.getByText(`of ${usd(BUDGET_MINOR)}`).waitFor();
    await card.getByText(usd(0), { exact: true }).waitFor();

    // 2. Import the statement through the wizard.
    await navigate(page, 'Expenses');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Import statement' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Import a statement' }).waitFor();
    await dialog
      .getByLabel('Statement file')
      .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });

    // Mapping: the columns were recognised.
    await dialog.getByRole('heading', { name: 'Check the columns' }).waitFor();
    await dialog.getByText('statement.csv · CSV').waitFor();
    await expect(dialog.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('0');
    await expect(dialog.getByLabel('Merchant', { exact: true }).inputValue()).resolves.toBe('1');
    await expect(dialog.getByLabel('Amount (signed)').inputValue()).resolves.toBe('2');
    await expect(dialog.getByLabel('Date format').inputValue()).resolves.toBe('YYYY-MM-DD');
    await expect(dialog.getByLabel('Charges are').inputValue()).resolves.toBe('negative-is-expense');
    await dialog.getByRole('cell', { name: 'FS *INKWELL SOFTWARE' }).waitFor();
    await dialog.getByRole('button', { name: 'Preview' }).click();

    // Preview: two rows, one matched automatically through the catalogue.
    await dialog.getByRole('heading', { name: 'Review before importing' }).waitFor();
    await expect(previewCount(dialog, 'Rows').innerText()).resolves.toBe('2');
    await expect(previewCount(dialog, 'To import').innerText()).resolves.toBe('2');
    await expect(previewCount(dialog, 'Matched').innerText()).resolves.toBe('1');
    await expect(previewCount(dialog, 'Duplicates').innerText()).resolves.toBe('0');
    await expect(previewCount(dialog, 'Errors').innerText()).resolves.toBe('0');
    await dialog.getByText(usd(NOTION_MINOR + INKWELL_MINOR)).waitFor();
    const notionRow = dialog.getByRole('row').filter({ hasText: usd(NOTION_MINOR) });
    // Merchant and application columns both read "Notion".
    await expect(notionRow.getByRole('cell', { name: 'Notion', exact: true }).count()).resolves.toBe(2);
    const inkwellRow = dialog.getByRole('row', { name: /Inkwell Software/ });
    await inkwellRow.getByRole('cell', { name: 'Unmatched' }).waitFor();

    // Import: hold the commit request until its progress has been seen, then let it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/expenses/import/*/commit', async (route) => {
      await released;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Import 2 expenses' }).click();
    await dialog.getByText('Checking the rows…').waitFor();
    await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    release();
    await dialog.getByRole('heading', { name: 'Import finished' }).waitFor();
    await dialog.getByText('Expenses: 2 created, 0 updated, 0 skipped; 1 matched to applications.').waitFor();
    await page.unroute('**/api/expenses/import/*/commit');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The ledger has both; the Notion charge is already against Notion.
    const ledger = page.getByRole('tabpanel', { name: 'Ledger' });
    await ledger.getByText('2 expenses').waitFor();
    await ledger
      .getByTestId('ledger-totals')
      .getByText(usd(NOTION_MINOR + INKWELL_MINOR))
      .waitFor();
    await ledger
      .getByRole('row', { name: /Notion Labs Inc/i })
      .getByRole('cell', { name: 'Notion', exact: true })
      .waitFor();
    await ledger
      .getByRole('row', { name: /Inkwell Software/ })
      .getByText('Unmatched')
      .waitFor();

    // The budget counts the matched Notion charge only.
    await navigate(page, 'Budgets');
    await card.getByText(usd(NOTION_MINOR), { exact: true }).waitFor();

    // 3. The unmatched charge waits in the review queue: match it to Quillwright.
    await navigate(page, 'Expenses');
    await page.getByRole('tab', { name: /Review queue/ }).click();
    const queue = page.getByRole('tabpanel', { name: /Review queue/ });
    await queue.getByText('1 unmatched expense.', { exact: false }).waitFor();
    const item = queue.getByTestId('queue-item').filter({ hasText: 'Inkwell Software' });
    await item.getByText(usd(INKWELL_MINOR)).waitFor();
    await item.getByRole('combobox', { name: 'Application for Inkwell Software' }).click();
    await page.getByLabel('Search applications').fill('quill');
    await page
      .getByRole('listbox', { name: 'Applications' })
      .getByRole('option', { name: 'Quillwright' })
      .click();
    await expect(
      item.getByRole('combobox', { name: 'Application for Inkwell Software' }).innerText(),
    ).resolves.toBe('Quillwright');
    await item.getByRole('button', { name: 'Match' }).click();
    // The confirmation outlives the queue item that asked for it; close it to keep the view clear.
    const toasts = page.getByLabel('Notifications (F8)');
    await toasts.getByText('Matched to Quillwright').waitFor();
    await toasts.getByRole('button', { name: 'Close' }).click();
    await toasts.getByText('Matched to Quillwright').waitFor({ state: 'detached' });
    await queue.getByText('All caught up').waitFor();
    await expect(queue.getByTestId('queue-item').count()).resolves.toBe(0);

    // The ledger shows it against Quillwright now.
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await ledger
      .getByRole('row', { name: /Inkwell Software/ })
      .getByRole('cell', { name: 'Quillwright', exact: true })
      .waitFor();
    await expect(ledger.getByRole('table').getByText('Unmatched').count()).resolves.toBe(0);

    // 4. The budget moved by exactly that charge.
    const history = page.waitForResponse((r) => /\/api\/budgets\/[^/]+\/history/.test(r.url()) && r.ok());
    await navigate(page, 'Budgets');
    await card.getByText(usd(NOTION_MINOR + INKWELL_MINOR), { exact: true }).waitFor();
    await card.getByText(usd(BUDGET_MINOR - NOTION_MINOR - INKWELL_MINOR), { exact: true }).waitFor();
    // The month-by-month chart refreshed too: this month's cumulative actual is both charges.
    const months = (await (await history).json()) as {
      months: Array<{ month: string; cumulativeActualMinor: number | null }>;
    };
    expect(months.months.find((m) => m.month === today.slice(0, 7))?.cumulativeActualMinor).toBe(
      NOTION_MINOR + INKWELL_MINOR,
    );
    await page.getByTestId('budget-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'expenses-budget-after-match.png'), fullPage: true });
    expect(browser.pageErrors).toEqual([]);
  }, 60_000);
});
