// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { list, subscription } from '../test/fixtures';
import { SubscriptionsPage } from './subscriptions-page';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(routes: Record<string, unknown>) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [organization],
    'GET /api/organization': organizationDetail,
    'GET /api/settings/categories': [],
    'GET /api/settings/tags': [],
    'GET /api/vendors': [],
    'GET /api/organization/members': [],
    ...routes,
  });
}

const listCalls = () =>
  api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/subscriptions'));

describe('/app/subscriptions', () => {
  it('renders rows and totals from the API', async () => {
    serve({
      'GET /api/subscriptions': list([
        subscription(),
        subscription({
          id: '22222222-2222-4222-8222-222222222222',
          name: 'Figma',
          vendorName: 'Figma',
          monthlyMinor: 4500,
          annualMinor: 54000,
          daysUntilRenewal: 3,
        }),
      ]),
    });
    renderWithProviders(<SubscriptionsPage />, '/app/subscriptions');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('Slack')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Salesforce')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$100.00')).toBeInTheDocument();
    expect(within(rows[1]).getByText('in 10 days')).toBeInTheDocument();
    expect(within(rows[2]).getByText('in 3 days')).toBeInTheDocument();
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('$145.00')).toBeInTheDocument();
    expect(within(totals).getByText('$1,740.00')).toBeInTheDocument();
    const related = screen.getByRole('navigation', { name: 'Related' });
    expect(within(related).getByRole('link', { name: 'Vendors' })).toHaveAttribute('href', '/app/vendors');
    expect(within(related).getByRole('link', { name: 'Team tools' })).toHaveAttribute(
      'href',
      '/app/team-tools',
    );
  });

  it('sorting by a column writes the URL and asks the API for that order', async () => {
    serve({ 'GET /api/subscriptions': list([subscription()]) });
    const u = userEvent.setup();
    const { router } = renderWithProviders(<SubscriptionsPage />, '/app/subscriptions?status=active');
    await screen.findByRole('table');
    await u.click(screen.getByRole('button', { name: /monthly/i }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=monthlyCost'));
    expect(router.state.location.search).toContain('order=asc');
    expect(router.state.location.search).toContain('status=active');
    await waitFor(() => expect(listCalls().at(-1)?.path).toContain('sort=monthlyCost'));
    await u.click(screen.getByRole('button', { name: /monthly/i }));
    await waitFor(() => expect(router.state.location.search).toContain('order=desc'));
  });

  it('filters from the URL reach the API, and a filter change resets the page', async () => {
    serve({ 'GET /api/subscriptions': list([subscription()]) });
    const u = userEvent.setup();
    const { router } = renderWithProviders(<SubscriptionsPage />, '/app/subscriptions?status=trial&page=2');
    await screen.findByRole('table');
    expect(listCalls()[0].path).toContain('status=trial');
    expect(listCalls()[0].path).toContain('page=2');
    await u.selectOptions(screen.getByLabelText('Status'), 'paused');
    await waitFor(() => expect(router.state.location.search).toContain('status=paused'));
    expect(router.state.location.search).not.toContain('page=');
  });

  it('invites to add, import or load the demo company when there is nothing yet', async () => {
    serve({ 'GET /api/subscriptions': list([]), 'POST /api/demo': reply(201, { created: 60 }) });
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />, '/app/subscriptions');
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Load demo data' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/demo')).toBe(true),
    );
  });
});
