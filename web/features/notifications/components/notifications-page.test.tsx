// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notification } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NotificationsPage } from './notifications-page';

afterEach(() => vi.unstubAllGlobals());

describe('/app/notifications', () => {
  it('lists active notifications, filters by type and priority, and shows dismissed ones in their tab', async () => {
    const api = mockApi({
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
});
