// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Budget } from '@common/contracts/budgets';
import type { Role } from '@common/roles';
import { applications, session } from '@/features/expenses/test/fixtures';
import type { OrganizationDetail } from '@/lib/organizations/types';
import { SettingsDataProvider } from '@/lib/settings/settings-data-provider';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { budget, history } from '../test/fixtures';
import { BudgetPage } from './budget-page';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
restoreMocksAfterEach();

const engineering = budget();
const company = budget(
  {
    id: 'b2',
    name: 'Company SaaS',
    scope: 'organization',
    scopeId: null,
    scopeLabel: null,
    period: 'annual',
  },
  {
    actualMinor: 1_100_000,
    remainingMinor: -100_000,
    actualPercent: 110,
    forecastPercent: 130,
    state: 'over',
  },
);

/** Budgets as the server keeps them: created, edited and deleted ones show on the next read. */
function serve(
  plan: 'starter' | 'pro',
  role: Role = 'owner',
  initial: Budget[] = [engineering, company],
  organization: Partial<OrganizationDetail> = {},
) {
  let list = initial;
  const signedIn = session(role, plan);
  api = mockApi({
    ...signedIn,
    'GET /api/organization': { ...signedIn['GET /api/organization'], ...organization },
    'GET /api/budgets': () => list,
    'GET /api/budgets/b1/history': history('b1'),
    'GET /api/budgets/b2/history': history('b2'),
    'GET /api/subscriptions': applications([]),
    'POST /api/budgets': ({ body }: { body: Partial<Budget> }) => {
      const created = budget({ ...body, id: 'b3', scopeLabel: null });
      list = [...list, created];
      return reply(201, created);
    },
    'PATCH /api/budgets/b1': ({ body }: { body: Partial<Budget> }) => {
      list = list.map((b) => (b.id === 'b1' ? { ...b, ...body } : b));
      return list[0];
    },
    'DELETE /api/budgets/b1': () => {
      list = list.filter((b) => b.id !== 'b1');
      return reply(204);
    },
  });
}

function renderPage() {
  const u = userEvent.setup();
  renderWithProviders(
    <SettingsDataProvider>
      <BudgetPage />
    </SettingsDataProvider>,
    '/app/budget',
  );
  return u;
}
const cards = () => screen.queryAllByTestId('budget-card');
const card = (name: string) => within(cards().find((c) => within(c).queryByText(name))!);

describe('/app/budget', () => {
  it('on Starter shows the upgrade prompt instead, without asking for budgets', async () => {
    serve('starter');
    const u = renderPage();
    expect(await screen.findByText('Budget tracking and alerts are part of Growth')).toBeInTheDocument();
    expect(screen.getByText(/Your expenses stay available on the Starter plan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New budget' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Upgrade to Growth' }));
    expect(await screen.findByRole('dialog', { name: /Upgrade to Growth/ })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/budgets'))).toBe(false);
  });

  it('shows a card per budget, the over-budget one marked, and the chart of the selected one', async () => {
    serve('pro');
    const u = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(card('Engineering tools').getByText('$6,000.00')).toBeInTheDocument();
    expect(card('Engineering tools').getByText('At risk')).toBeInTheDocument();
    expect(card('Engineering tools').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(card('Company SaaS').getByText('Over budget')).toBeInTheDocument();
    expect(card('Company SaaS').getByText('$11,000.00')).toBeInTheDocument();
    expect(card('Company SaaS').getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      '110% spent, 130% forecast',
    );

    expect(await screen.findByText('Engineering tools: budget vs actual vs forecast')).toBeInTheDocument();
    expect(within(screen.getByTestId('budget-chart')).getByText('Mar 26')).toBeInTheDocument();
    await u.click(card('Company SaaS').getByText('Company SaaS'));
    expect(await screen.findByText('Company SaaS: budget vs actual vs forecast')).toBeInTheDocument();
    expect(screen.getByText(/adding up within each year/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/budgets/b2/history?months=12')).toBe(true);
  });

  it('creates a budget from the header and shows it', async () => {
    serve('pro');
    const u = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await u.click(screen.getByRole('button', { name: 'New budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'New budget' });
    await u.type(within(dialog).getByLabelText('Name'), 'Design');
    await u.type(within(dialog).getByLabelText('Amount (USD)'), '4000');
    await u.click(within(dialog).getByRole('button', { name: 'Create budget' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Design',
      amountMinor: 400_000,
      scope: 'organization',
      thresholds: [80, 100],
    });
  });

  it('edits and deletes a budget; with none left, New budget starts empty', async () => {
    serve('pro', 'owner', [engineering]);
    const u = renderPage();
    await u.click(await screen.findByRole('button', { name: 'Actions for Engineering tools' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit budget' });
    await u.clear(within(dialog).getByLabelText('Name'));
    await u.type(within(dialog).getByLabelText('Name'), 'Eng tools');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Eng tools')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/budgets/b1',
      body: { name: 'Eng tools' },
    });

    await u.click(screen.getByRole('button', { name: 'Actions for Eng tools' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Delete this budget?' });
    expect(confirmation).toHaveTextContent('Delete the budget “Eng tools”?');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No budgets yet')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/budgets/b1')).toBe(true);

    const newButtons = screen.getAllByRole('button', { name: 'New budget' });
    await u.click(newButtons[newButtons.length - 1]); // the empty state's
    const fresh = await screen.findByRole('dialog', { name: 'New budget' });
    expect(within(fresh).getByLabelText('Name')).toHaveValue('');
  });

  it('in the read-only grace period after a Growth trial shows the budgets without New budget or actions', async () => {
    serve('starter', 'owner', [engineering, company], {
      accountStatus: 'grace_readonly',
      trialPlan: 'pro',
      trialEndsAt: '2026-03-01T10:00:00.000Z',
      graceEndsAt: '2026-03-08T10:00:00.000Z',
      viewPlan: 'pro',
    });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByText('Budget tracking and alerts are part of Growth')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New budget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('viewers see budgets but cannot create or change them', async () => {
    serve('pro', 'viewer');
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'New budget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
