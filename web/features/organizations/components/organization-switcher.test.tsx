// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '@/components/layout/user-menu';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const second = { ...organization, id: 'o2', name: 'Contoso', role: 'viewer' as const };

function render(orgs: unknown[]) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': orgs,
    'POST /api/organizations/switch': { ...organizationDetail, ...second },
  });
  return renderRoutes(
    [
      { path: '/app/settings', element: <UserMenu /> },
      { path: '/app', element: <p>Dashboard of the new organization</p> },
    ],
    '/app/settings',
  );
}

describe('organization switcher in the user menu', () => {
  it('lists the organizations when there are several and switches to the chosen one', async () => {
    const u = userEvent.setup();
    const { router } = render([organization, second]);
    await u.click(await screen.findByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('Organizations')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Northwind Labs/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await u.click(within(menu).getByRole('menuitem', { name: /Contoso/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/organizations/switch',
        body: { organizationId: 'o2' },
      }),
    );
  });

  it('stays out of the way with a single organization', async () => {
    const u = userEvent.setup();
    render([organization]);
    await u.click(await screen.findByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Organizations')).not.toBeInTheDocument();
    // The team page has no sidebar entry (spec §2 lists none): it is reached from here.
    expect(within(menu).getByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
  });
});
