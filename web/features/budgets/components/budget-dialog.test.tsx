// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Budget } from '@common/contracts/budgets';
import { applications, FIGMA_ID } from '@/features/expenses/test/fixtures';
import { SettingsDataProvider, useSettingsData } from '@/lib/settings/settings-data-provider';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { budget, CATEGORY_ID } from '../test/fixtures';
import { BudgetDialog } from './budget-dialog';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    'GET /api/settings/categories': [{ id: CATEGORY_ID, name: 'Engineering' }],
    'GET /api/subscriptions': applications([{ id: FIGMA_ID, name: 'Figma' }]),
    'POST /api/budgets': reply(201, budget()),
    'PATCH /api/budgets/b1': budget(),
    ...extra,
  });
}

/** Opened once the settings lists are in, as on the page (they load with the app). */
function Opened(props: { budget: Budget | null; currency: string; onOpenChange: (open: boolean) => void }) {
  const { categories } = useSettingsData();
  return <BudgetDialog {...props} open={categories.length > 0} />;
}

async function renderDialog(current: Budget | null = null, currency = 'USD') {
  const onOpenChange = vi.fn();
  const u = userEvent.setup();
  renderWithProviders(
    <SettingsDataProvider>
      <Opened budget={current} currency={currency} onOpenChange={onOpenChange} />
    </SettingsDataProvider>,
  );
  await screen.findByRole('dialog', { name: current ? 'Edit budget' : 'New budget' });
  return { u, onOpenChange };
}

const writes = () => api.calls.filter((c) => c.method !== 'GET');
const submit = (u: ReturnType<typeof userEvent.setup>, name = 'Create budget') =>
  u.click(screen.getByRole('button', { name }));

describe('budget dialog', () => {
  it('starts quarterly, for the whole organization, alerting at 80% and 100%', async () => {
    serve();
    const { u, onOpenChange } = await renderDialog(null, 'EUR');
    expect(screen.getByLabelText('Period')).toHaveValue('quarterly');
    expect(screen.getByLabelText('Covers')).toHaveValue('organization');
    expect(screen.getByLabelText('Alert at (% of the budget)')).toHaveValue('80, 100');
    await u.type(screen.getByLabelText('Name'), 'All SaaS');
    await u.type(screen.getByLabelText('Amount (EUR)'), '25,000');
    await submit(u);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({ method: 'POST', path: '/api/budgets' });
    expect(writes()[0].body).toEqual({
      name: 'All SaaS',
      period: 'quarterly',
      amountMinor: 2_500_000,
      scope: 'organization',
      scopeId: null,
      scopeValue: null,
      thresholds: [80, 100],
    });
    expect(await screen.findByText('Budget created')).toBeInTheDocument();
  });

  it('shows what is missing or wrong and sends nothing', async () => {
    serve();
    const { u } = await renderDialog();
    await u.clear(screen.getByLabelText('Alert at (% of the budget)'));
    await u.type(screen.getByLabelText('Alert at (% of the budget)'), '80%');
    await submit(u);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter the amount')).toBeInTheDocument();
    expect(screen.getByText('Percentages separated by commas, e.g. 80, 100')).toBeInTheDocument();

    await u.type(screen.getByLabelText('Name'), 'Design');
    await u.type(screen.getByLabelText('Amount (USD)'), '0');
    await u.clear(screen.getByLabelText('Alert at (% of the budget)'));
    await u.type(screen.getByLabelText('Alert at (% of the budget)'), '90, 90');
    await submit(u);
    expect(await screen.findByText('Amount must be above zero')).toBeInTheDocument();
    expect(screen.getByText('Thresholds must differ')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Covers'), 'department');
    await u.clear(screen.getByLabelText('Amount (USD)'));
    await u.type(screen.getByLabelText('Amount (USD)'), '500');
    await u.clear(screen.getByLabelText('Alert at (% of the budget)'));
    await u.type(screen.getByLabelText('Alert at (% of the budget)'), '75');
    await submit(u);
    expect(await screen.findByText('Name the department this budget covers')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('scopes to a category, a department or an application with the right field', async () => {
    serve();
    const { u, onOpenChange } = await renderDialog();
    await u.type(screen.getByLabelText('Name'), 'Scoped');
    await u.type(screen.getByLabelText('Amount (USD)'), '1200');
    await u.selectOptions(screen.getByLabelText('Period'), 'monthly');
    await u.selectOptions(screen.getByLabelText('Covers'), 'category');
    await submit(u);
    expect(await screen.findByText('Choose the category this budget covers')).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Category'), CATEGORY_ID);

    // A category chosen, then another kind of scope: the application still has to be picked.
    await u.selectOptions(screen.getByLabelText('Covers'), 'application');
    expect(screen.getByRole('combobox', { name: 'Application' })).toHaveTextContent('Choose an application…');
    await submit(u);
    expect(await screen.findByText('Choose the application this budget covers')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await u.click(screen.getByRole('combobox', { name: 'Application' }));
    await u.click(await screen.findByRole('option', { name: 'Figma' }));
    await submit(u);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0].body).toMatchObject({
      period: 'monthly',
      amountMinor: 120_000,
      scope: 'application',
      scopeId: FIGMA_ID,
      scopeValue: null,
    });
  });

  it('sends a department by name', async () => {
    serve();
    const { u, onOpenChange } = await renderDialog();
    await u.type(screen.getByLabelText('Name'), 'Eng');
    await u.type(screen.getByLabelText('Amount (USD)'), '3000');
    await u.selectOptions(screen.getByLabelText('Covers'), 'department');
    await u.type(screen.getByLabelText('Department'), 'Engineering');
    await u.selectOptions(screen.getByLabelText('Period'), 'annual');
    await submit(u);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0].body).toMatchObject({
      period: 'annual',
      scope: 'department',
      scopeId: null,
      scopeValue: 'Engineering',
    });
  });

  it('edits a budget with its values filled in', async () => {
    serve();
    const { u, onOpenChange } = await renderDialog(budget());
    expect(screen.getByLabelText('Name')).toHaveValue('Engineering tools');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('10000.00');
    expect(screen.getByLabelText('Category')).toHaveValue(CATEGORY_ID);
    await u.clear(screen.getByLabelText('Amount (USD)'));
    await u.type(screen.getByLabelText('Amount (USD)'), '12000');
    await u.clear(screen.getByLabelText('Alert at (% of the budget)'));
    await u.type(screen.getByLabelText('Alert at (% of the budget)'), '50, 90, 100');
    await submit(u, 'Save');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', path: '/api/budgets/b1' });
    expect(writes()[0].body).toEqual({
      name: 'Engineering tools',
      period: 'quarterly',
      amountMinor: 1_200_000,
      scope: 'category',
      scopeId: CATEGORY_ID,
      scopeValue: null,
      thresholds: [50, 90, 100],
    });
  });
});
