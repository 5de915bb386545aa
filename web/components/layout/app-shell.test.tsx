// @vitest-environment jsdom
import { untilInteractive } from '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notification, organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { AccountGate } from '@/features/billing';
import { browser } from '@/lib/browser';
import { AppShell } from './app-shell';

// The shell sits inside the account gate (upgrade dialogs, trial banner), as in routes-app.tsx.
function renderShell(path = '/app') {
  return renderRoutes(
    [
      { path: '/', element: <p>Public home</p> },
      {
        element: <AccountGate />,
        children: [
          { path: '/app/settings/:tab?', element: <p>Settings screen</p> },
          {
            path: '/app',
            element: <AppShell />,
            children: [
              { index: true, element: <p>Dashboard content</p> },
              { path: 'notifications', element: <p>All notifications screen</p> },
              { path: '*', element: <p>Another screen</p> },
            ],
          },
        ],
      },
    ],
    path,
  );
}

let api: MockApi;
function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [organization],
    'GET /api/organization': organizationDetail,
    'GET /api/notifications/count': { count: 0 },
    'GET /api/notifications': [],
    ...extra,
  });
}

beforeEach(() => {
  localStorage.clear();
  serve();
});
afterEach(() => vi.unstubAllGlobals());

describe('app shell without a trial', () => {
  it('renders sidebar, top bar and the page, with no trial banner', async () => {
    renderShell();
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /See Plans/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite team member' })).toBeInTheDocument();
    expect(await screen.findByText('Northwind Labs')).toBeInTheDocument();
    expect(screen.queryByText(/trial/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Your Trial Has Ended')).not.toBeInTheDocument();
  });

  it('See Plans opens the Growth upgrade dialog with Maybe Later and Upgrade Now', async () => {
    const u = userEvent.setup();
    renderShell();
    await u.click(await screen.findByRole('button', { name: /See Plans/ }));
    const dialog = await untilInteractive(await screen.findByRole('dialog'));
    expect(within(dialog).getByRole('heading', { name: 'Upgrade to Growth' })).toBeInTheDocument();
    expect(within(dialog).getByText('$49/month')).toBeInTheDocument();
    expect(within(dialog).getByText('Unlimited subscriptions')).toBeInTheDocument();
    expect(
      within(dialog).getByText('14-day free trial, no credit card required, cancel anytime'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the help button links to /support and the API docs', async () => {
    const u = userEvent.setup();
    renderShell();
    await u.click(await screen.findByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('link', { name: /Support center/ })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: /API documentation/ })).toHaveAttribute('href', '/api/docs');
  });

  it('the invite button opens a dialog that validates the email (spec §5)', async () => {
    const u = userEvent.setup();
    renderShell();
    await u.click(await screen.findByRole('button', { name: 'Invite team member' }));
    // The invite form loads on first use: allow for that import on a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await u.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter an email address')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Email'), 'not an email');
    await u.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
  });
});

describe('user menu', () => {
  it('shows name and email, Settings, Profile, theme and Log out → /', async () => {
    serve({ 'POST /api/auth/logout': reply(204) });
    const u = userEvent.setup();
    const { router } = renderShell();
    await u.click(await screen.findByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    // The menu's content loads when the trigger is first used.
    expect(await within(menu).findByText('Maya Chen')).toBeInTheDocument();
    expect(within(menu).getByText('maya@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Light mode' })).toBeInTheDocument();
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    await u.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/')); // a fresh page load of /
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(router.state.location.pathname).not.toMatch(/^\/auth\/login/);
  });

  it('leads to Team, Vendors and Team tools, which the sidebar has no room for', async () => {
    const u = userEvent.setup();
    const { router } = renderShell();
    for (const [item, path] of [
      ['Team', '/app/team'],
      ['Vendors', '/app/vendors'],
      ['Team tools', '/app/team-tools'],
    ]) {
      await u.click(await screen.findByRole('button', { name: 'Open user menu' }));
      await u.click(await screen.findByRole('menuitem', { name: item }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
    }
  });

  it('Profile goes to the profile settings tab', async () => {
    const u = userEvent.setup();
    const { router } = renderShell();
    await u.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings/profile'));
  });

  it('a failed logout shows the "Logout failed" toast with the server message', async () => {
    serve({
      'POST /api/auth/logout': reply(500, { message: 'Session store unavailable', code: 'internal_error' }),
    });
    const u = userEvent.setup();
    renderShell();
    await u.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
  });
});

describe('top-bar notifications', () => {
  it('shows the unread count; red when an unread item is high priority', async () => {
    serve({
      'GET /api/notifications/count': { count: 2 },
      'GET /api/notifications': [
        notification({ id: 'a' }),
        notification({ id: 'b', priority: 'high', title: 'Salesforce renewal overdue', type: 'overdue' }),
      ],
    });
    renderShell();
    const badge = await screen.findByTestId('notification-badge');
    expect(badge).toHaveTextContent('2');
    await waitFor(() => expect(badge).toHaveAttribute('data-urgent', 'true'));
    expect(badge).toHaveClass('bg-destructive');
  });

  it('is not red when nothing unread is high priority', async () => {
    serve({ 'GET /api/notifications/count': { count: 1 }, 'GET /api/notifications': [notification()] });
    renderShell();
    const badge = await screen.findByTestId('notification-badge');
    await waitFor(() => expect(badge).toHaveAttribute('data-urgent', 'false'));
  });

  it('lists items with icon, title, message, priority and subscription; dismissal and Clear All are local', async () => {
    serve({
      'GET /api/notifications/count': { count: 2 },
      'GET /api/notifications': [
        notification({ id: 'a' }),
        notification({
          id: 'b',
          title: 'Budget 90% used',
          type: 'budget-alert',
          priority: 'low',
          subscriptionName: null,
          subscriptionId: null,
        }),
      ],
    });
    const u = userEvent.setup();
    renderShell();
    await u.click(await screen.findByRole('button', { name: /Notifications \(2 unread\)/ }));
    const popover = await screen.findByRole('dialog');
    // The list loads when the popover first opens.
    expect(await within(popover).findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const items = within(popover).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Figma renews in 7 days')).toBeInTheDocument();
    expect(within(items[0]).getByText('Cancel by Friday to avoid another year.')).toBeInTheDocument();
    expect(within(items[0]).getByText('Medium')).toBeInTheDocument();
    expect(within(items[0]).getByText('Figma')).toBeInTheDocument();
    expect(within(items[0]).getByText('Due soon')).toBeInTheDocument();
    expect(within(items[1]).getByText('Low')).toBeInTheDocument();

    await u.click(within(items[0]).getByRole('button', { name: 'Dismiss Figma renews in 7 days' }));
    expect(within(popover).getAllByTestId('notification-item')).toHaveLength(1);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');

    await u.click(within(popover).getByRole('button', { name: 'Clear All' }));
    expect(within(popover).getByText('All Clear!')).toBeInTheDocument();
    expect(within(popover).getByText('No notifications at this time')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the empty state and leads to /app/notifications', async () => {
    const u = userEvent.setup();
    const { router } = renderShell();
    await u.click(await screen.findByRole('button', { name: 'Notifications' }));
    const popover = await screen.findByRole('dialog');
    expect(within(popover).getByText('All Clear!')).toBeInTheDocument();
    await u.click(within(popover).getByRole('link', { name: 'View All Notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/notifications'));
  });
});
