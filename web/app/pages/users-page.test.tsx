// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@common/roles';
import { application, license, overview, person, pool, utilisation } from '@/features/licenses/test-fixtures';
import { organization, organizationDetail, session, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { UsersPageWithLicenses } from './users-page';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const slack = pool();
const figmaFull = pool({
  id: 'pool-figma',
  subscriptionId: 'app-figma',
  subscriptionName: 'Figma',
  tierName: 'Full',
  seats: 1,
  utilisation: utilisation({ purchased: 1, assigned: 1, unassigned: 0 }),
});
const zoom = pool({ id: 'pool-zoom', subscriptionId: 'app-zoom', subscriptionName: 'Zoom', seats: null });

function serve(
  plan: 'starter' | 'pro',
  role: Role,
  people = [person()],
  extra: Record<string, unknown> = {},
) {
  api = mockApi({
    ...session(role, plan),
    'GET /api/people': {
      items: people,
      total: people.length,
      page: 1,
      pageSize: 50,
      offboardedWithLicenses: 0,
    },
    'GET /api/people/departments': [{ name: 'Engineering', count: 1, teams: [] }],
    'GET /api/licenses': overview([application(slack), application(figmaFull), application(zoom)]),
    ...extra,
  });
}

describe('/app/users', () => {
  it('lists people with their licenses as chips and their yearly cost', async () => {
    serve('pro', 'owner', [
      person({
        licenses: [license({ active: true, lastActiveAt: new Date().toISOString() })],
        yearlyCosts: [{ currency: 'USD', amountMinor: 12_000 }],
      }),
    ]);
    renderWithProviders(<UsersPageWithLicenses />);
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Slack · Pro')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/people?') && c.path.includes('status=active'))).toBe(
      true,
    );
  });

  it('adds a license from the combobox of pools with free seats', async () => {
    serve('pro', 'member', [person()], {
      'POST /api/licenses/pool-slack/assignments': {
        assigned: [],
        alreadyAssigned: [],
        utilisation: utilisation(),
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<UsersPageWithLicenses />);
    await u.click(await screen.findByRole('button', { name: 'Add a license for Ada Lovelace' }));
    const list = await screen.findByRole('listbox', { name: 'Licenses with free seats' });
    // Figma has no free seat; Zoom is unlimited.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Slack · Pro4 free', 'Zoom · ProUnlimited']);
    await u.type(screen.getByRole('combobox', { name: 'Search licenses with free seats' }), 'zo');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    await u.clear(screen.getByRole('combobox', { name: 'Search licenses with free seats' }));
    await u.click(within(list).getByText('Slack · Pro'));
    expect(await screen.findByText('Slack · Pro assigned to Ada Lovelace')).toBeInTheDocument();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/licenses/pool-slack/assignments',
        body: { personIds: ['p-ada'] },
      }),
    );
  });

  it('removes a license and undoes the removal from the toast', async () => {
    serve('pro', 'owner', [person({ licenses: [license()] })], {
      'DELETE /api/licenses/pool-slack/assignments/seat-1': { id: 'seat-1' },
      'POST /api/licenses/pool-slack/assignments/seat-1/restore': { id: 'seat-1' },
    });
    const u = userEvent.setup();
    renderWithProviders(<UsersPageWithLicenses />);
    await u.click(await screen.findByRole('button', { name: 'Remove Slack · Pro from Ada Lovelace' }));
    expect(await screen.findByText('Slack · Pro removed from Ada Lovelace')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Slack · Pro is back for Ada Lovelace')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'DELETE /api/licenses/pool-slack/assignments/seat-1',
        'POST /api/licenses/pool-slack/assignments/seat-1/restore',
      ]),
    );
  });

  it('on Starter shows licenses read-only with an upgrade prompt and never asks for pools', async () => {
    serve('starter', 'owner', [person({ licenses: [license()] })]);
    renderWithProviders(<UsersPageWithLicenses />);
    expect(await screen.findByText('Slack · Pro')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Slack/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a license for Ada Lovelace' })).toBeDisabled();
    expect(
      screen.getByText(/Assigning licenses and tracking their use is part of Growth/),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/licenses'))).toBe(false);
  });

  it('viewers cannot add people or change licenses', async () => {
    serve('pro', 'viewer', [person({ licenses: [license()] })]);
    renderWithProviders(<UsersPageWithLicenses />);
    expect(await screen.findByText('Slack · Pro')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add person/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Remove Slack/ })).not.toBeInTheDocument();
  });

  it('warns about offboarded people still holding licenses and shows them', async () => {
    api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [{ ...organization, subscriptionPlan: 'pro' }],
      'GET /api/organization': {
        ...organizationDetail,
        subscriptionPlan: 'pro',
        effectivePlan: 'pro',
        viewPlan: 'pro',
      },
      'GET /api/people': { items: [person()], total: 1, page: 1, pageSize: 50, offboardedWithLicenses: 2 },
      'GET /api/people/departments': [],
      'GET /api/licenses': overview([]),
    });
    const u = userEvent.setup();
    renderWithProviders(<UsersPageWithLicenses />);
    expect(await screen.findByText(/2 offboarded people still hold/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Show them' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.includes('status=offboarded'))).toBe(true));
  });

  it('offboards with a preview of the seats and their yearly cost', async () => {
    serve('pro', 'owner', [person({ licenses: [license()] })], {
      'GET /api/people/p-ada/offboarding': {
        person: person(),
        assignments: [{ ...license(), ownerUserId: 'u1', ownerName: 'Maya Chen' }],
        yearlyCosts: [{ currency: 'USD', amountMinor: 12_000 }],
      },
      'POST /api/people/p-ada/offboard': {
        person: person({ status: 'offboarded' }),
        unassigned: 1,
        yearlyCostsFreed: [{ currency: 'USD', amountMinor: 12_000 }],
        notifiedOwners: 1,
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<UsersPageWithLicenses />);
    await u.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Offboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offboard Ada Lovelace' });
    expect(await within(dialog).findByText('Maya Chen')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Offboard and unassign 1 license' }));
    expect(await screen.findByText('Ada Lovelace offboarded')).toBeInTheDocument();
    // Radix toasts also announce their text in a live region, so it can appear twice.
    expect(
      screen.getAllByText(/1 license freed \(\$120\.00 a year\); 1 application owner told/)[0],
    ).toBeInTheDocument();
  });

  it('shows a failed assignment as an error toast', async () => {
    serve('pro', 'owner', [person()], {
      'POST /api/licenses/pool-slack/assignments': reply(400, {
        message: 'Ada Lovelace is offboarded.',
        code: 'bad_request',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<UsersPageWithLicenses />);
    await u.click(await screen.findByRole('button', { name: 'Add a license for Ada Lovelace' }));
    await u.keyboard('{Enter}');
    expect(await screen.findByText('Could not assign the license')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace is offboarded.')).toBeInTheDocument();
  });
});
