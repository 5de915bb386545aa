// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notification, organizationDetail } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NotificationsPage } from './notifications-page';

afterEach(() => vi.unstubAllGlobals());

describe('/app/notifications', () => {
  it('lists active notifications, filters by type and priority, and shows dismissed ones in their tab', async () => {
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/notifications?status=active': [notification({ id: 'a', title: 'Figma renews soon' })],
      'GET /api/notifications?status=active&type=overdue&priority=high': [
        notification({ id: 'b', title: 'Salesforce is overdue', type: 'overdue', priority: 'high' }),
      ],
      'GET /api/notifications?status=dismissed': [
        notification({ id: 'c', title: 'Old reminder', dismissedAt: new Date().toISOString() }),
      ],
      'POST /api/notifications/a/dismiss': reply(204),
    });
    const u = userEvent.setup();
    renderWithProviders(<NotificationsPage />, '/app/notifications');
    expect(await screen.findByText('Figma renews soon')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Type'), 'overdue');
    await u.selectOptions(screen.getByLabelText('Priority'), 'high');
    expect(await screen.findByText('Salesforce is overdue')).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Type'), '');
    await u.selectOptions(screen.getByLabelText('Priority'), '');

    await u.click(await screen.findByRole('button', { name: 'Dismiss Figma renews soon' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/a/dismiss')).toBe(
        true,
      ),
    );

    await u.click(screen.getByRole('tab', { name: 'Dismissed' }));
    expect(await screen.findByText('Old reminder')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss Old reminder' })).not.toBeInTheDocument();
  });

  it('shows All Clear! when there is nothing', async () => {
    mockApi({ 'GET /api/notifications?status=active': [] });
    renderWithProviders(<NotificationsPage />, '/app/notifications');
    expect(await screen.findByText('All Clear!')).toBeInTheDocument();
    expect(screen.getByText('No notifications at this time')).toBeInTheDocument();
  });

  const three = [
    notification({ id: 'a', title: 'Snowflake: cancel-by date in 2 days', priority: 'high' }),
    notification({ id: 'b', title: 'QuickBooks charged 278% more', type: 'cost-alert', priority: 'high' }),
    notification({ id: 'c', title: '1Password charged 20% more', type: 'cost-alert', priority: 'low' }),
  ];
  /** The page for an owner with three active notifications; `routes` adds or overrides. */
  function renderWithThree(routes: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/notifications?status=active': three,
      'POST /api/notifications/dismiss': { dismissed: 2 },
      ...routes,
    });
    renderWithProviders(<NotificationsPage />, '/app/notifications');
    return { api, u: userEvent.setup() };
  }

  it('dismisses a selection after confirming, and shows how many went', async () => {
    const { api, u } = renderWithThree();
    const dismissSelected = await screen.findByRole('button', { name: 'Dismiss selected' });
    expect(dismissSelected).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: 'Select Snowflake: cancel-by date in 2 days' }));
    await u.click(screen.getByRole('checkbox', { name: 'Select 1Password charged 20% more' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await u.click(dismissSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss 2 notifications?' });
    expect(api.calls.some((c) => c.path === '/api/notifications/dismiss')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/notifications/dismiss')?.body).toEqual({
        ids: ['a', 'c'],
      }),
    );
    expect(await screen.findByText('2 notifications dismissed')).toBeInTheDocument();
  });

  it('selects all at once, and cancelling the confirmation sends nothing', async () => {
    const { api, u } = renderWithThree();
    await u.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Dismiss selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss 3 notifications?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('dismisses every notification of one type from the menu, after confirming', async () => {
    const { api, u } = renderWithThree();
    await u.click(await screen.findByRole('button', { name: 'Dismiss all of a type' }));
    await u.click(await screen.findByRole('menuitem', { name: /Cost alert/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss all cost alert notifications?' });
    expect(dialog).toHaveTextContent('(2 notifications listed here)');
    await u.click(within(dialog).getByRole('button', { name: 'Dismiss all' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/notifications/dismiss')?.body).toEqual({
        type: 'cost-alert',
      }),
    );
  });

  it('offers viewers no dismissal at all', async () => {
    renderWithThree({ 'GET /api/organization': { ...organizationDetail, role: 'viewer' } });
    expect(await screen.findByText('QuickBooks charged 278% more')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dismiss/ })).not.toBeInTheDocument();
  });
});
