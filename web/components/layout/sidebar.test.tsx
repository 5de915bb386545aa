// @vitest-environment jsdom
import '@/test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notification, organization } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { Sidebar } from './sidebar';
import { isItemActive, SIDEBAR_ITEMS, SIDEBAR_STORAGE_KEY } from './sidebar-items';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

function PersistedSidebar() {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <>
      <button onClick={() => setMobileOpen(true)}>open mobile</button>
      <Sidebar
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
    </>
  );
}

const nav = () => screen.getByRole('complementary', { name: 'Main navigation' });

beforeEach(() => {
  localStorage.clear();
  mockApi({ 'GET /api/organizations': [organization] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sidebar entries (spec §2)', () => {
  it('lists the entries in order with their labels and NEW flags', () => {
    expect(SIDEBAR_ITEMS.map((i) => [i.to, i.label, Boolean(i.isNew)])).toEqual([
      ['/app', 'Dashboard', false],
      ['/app/subscriptions', 'Applications', false],
      ['/app/licenses', 'Licenses', false],
      ['/app/users', 'Users', true],
      ['/app/renewals', 'Renewals', false],
      ['/app/expenses', 'Expenses', false],
      ['/app/budget', 'Budgets', false],
      ['/app/optimize', 'Optimize', false],
      ['/app/insights', 'Insights', true],
      ['/app/reports', 'Reports', false],
    ]);
  });

  it('shows Setup Progress with the remaining count while steps remain, and Settings at the bottom', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'false');
    renderWithProviders(<PersistedSidebar />, '/app');
    const setup = await screen.findByRole('link', { name: /Setup Progress/ });
    expect(setup).toHaveAttribute('href', '/app/setup');
    expect(setup).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/app/settings');
  });

  it('hides Setup Progress once all six steps are done', async () => {
    const progress = {
      addApplications: true,
      inviteTeam: true,
      importExpenses: true,
      createBudget: true,
      configureAlerts: true,
      assignLicenses: true,
    };
    mockApi({ 'GET /api/organizations': [{ ...organization, setupProgress: progress }] });
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'false');
    const { queryClient } = renderWithProviders(<PersistedSidebar />, '/app');
    await waitFor(() => expect(queryClient.getQueryData(['organizations', 'list'])).toBeDefined());
    expect(screen.queryByRole('link', { name: /Setup Progress/ })).not.toBeInTheDocument();
  });
});

describe('active rule', () => {
  it('is active when the path equals the route, or starts with it for routes other than /app', () => {
    expect(isItemActive('/app', '/app')).toBe(true);
    expect(isItemActive('/app', '/app/subscriptions')).toBe(false);
    expect(isItemActive('/app/subscriptions', '/app/subscriptions')).toBe(true);
    expect(isItemActive('/app/subscriptions', '/app/subscriptions/42')).toBe(true);
    expect(isItemActive('/app/settings', '/app/settings/billing')).toBe(true);
    expect(isItemActive('/app/licenses', '/app/subscriptions')).toBe(false);
  });

  it('marks exactly the matching link as the current page', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'false');
    renderWithProviders(<PersistedSidebar />, '/app/subscriptions/abc');
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('marks Dashboard only on /app itself', () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'false');
    renderWithProviders(<PersistedSidebar />, '/app');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav())
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  });
});

describe('collapse', () => {
  it('is collapsed by default: an icon rail of width 16 without the notification bell', () => {
    renderWithProviders(<PersistedSidebar />, '/app');
    expect(nav()).toHaveClass('w-16');
    expect(screen.queryByRole('button', { name: 'Unread notifications' })).not.toBeInTheDocument();
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('expands to width 64, shows the bell, and remembers the choice across a remount', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<PersistedSidebar />, '/app');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(nav()).toHaveClass('w-64');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');
    expect(await screen.findByRole('button', { name: 'Unread notifications' })).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<PersistedSidebar />, '/app');
    expect(nav()).toHaveClass('w-64');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(nav()).toHaveClass('w-16');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');
  });

  it('has a close button for small screens when opened there', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PersistedSidebar />, '/app');
    await user.click(screen.getByRole('button', { name: 'open mobile' }));
    expect(nav()).toHaveClass('w-64', 'translate-x-0');
    const close = screen.getByRole('button', { name: 'Close sidebar' });
    expect(close).toHaveClass('md:hidden');
    await user.click(close);
    expect(nav()).toHaveClass('-translate-x-full');
  });
});

describe('tooltips', () => {
  it('collapsed: shows label, NEW tag and description', async () => {
    renderWithProviders(<PersistedSidebar />, '/app');
    fireEvent.focus(screen.getByRole('link', { name: 'Insights' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Insights');
    expect(tip).toHaveTextContent('New');
    expect(tip).toHaveTextContent('AI-powered cost optimisation with daily auto-generated insights');
  });

  it('collapsed: items without NEW show just their label', async () => {
    renderWithProviders(<PersistedSidebar />, '/app');
    fireEvent.focus(screen.getByRole('link', { name: 'Renewals' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(/^Renewals$/);
  });

  it('collapsed: Settings shows its NEW tag and the invoice forwarding description', async () => {
    renderWithProviders(<PersistedSidebar />, '/app');
    fireEvent.focus(screen.getByRole('link', { name: 'Settings' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Settings');
    expect(tip).toHaveTextContent('Invoice forwarding with a unique email address');
  });

  it('expanded: shows the description after 300 ms of hover', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'false');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<PersistedSidebar />, '/app');
    const users = screen.getByRole('link', { name: /Users/ });
    expect(users).toHaveTextContent('New');
    await user.hover(users);
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Manage users with editable license assignments inline',
    );
  });
});

describe('sidebar notification bell', () => {
  it('fetches unread items only when opened, lists at most 5, and dismisses through the API', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'false');
    const unread = Array.from({ length: 7 }, (_, i) => notification({ id: `n${i}`, title: `Alert ${i}` }));
    const api = mockApi({
      'GET /api/organizations': [organization],
      'GET /api/notifications/unread': unread,
      'POST /api/notifications/n0/dismiss': reply(204),
    });
    const user = userEvent.setup();
    renderWithProviders(<PersistedSidebar />, '/app');
    await act(async () => {});
    expect(api.calls.some((c) => c.path === '/api/notifications/unread')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Unread notifications' }));
    expect(await screen.findByText('Alert 0')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View All Notifications' })).toHaveAttribute(
      'href',
      '/app/notifications',
    );

    await user.click(screen.getByRole('button', { name: 'Dismiss Alert 0' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n0/dismiss')).toBe(
        true,
      ),
    );
  });
});
