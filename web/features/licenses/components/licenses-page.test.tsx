// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentView } from '@common/contracts/licenses';
import type { Role } from '@common/roles';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { application, overview, pool, poolDetail, utilisation } from '../test-fixtures';
import { LicensesPage } from './licenses-page';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const slack = pool({ utilisation: utilisation({ wasteYearlyMinor: 10_000, utilisationPct: 80 }) });
const zendesk = pool({
  id: 'pool-zendesk',
  subscriptionId: 'app-zendesk',
  subscriptionName: 'Zendesk',
  tierName: 'Suite Team',
  utilisation: utilisation({
    wasteYearlyMinor: 500_000,
    utilisationPct: 0,
    overAssigned: true,
    overAssignedBy: 2,
  }),
});
const seat = (id: string, name: string, active: boolean): AssignmentView => ({
  id,
  poolId: slack.id,
  personId: `p-${id}`,
  personName: name,
  email: `${id}@example.com`,
  department: 'Sales',
  personStatus: 'active',
  assignedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: active ? new Date().toISOString() : null,
  source: active ? 'csv' : 'manual',
  assignedFrom: null,
  active,
  unassignedAt: null,
  unassignReason: null,
});

function serve(plan: 'starter' | 'pro', role: Role = 'owner', extra: Record<string, unknown> = {}) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [{ ...organization, role, subscriptionPlan: plan }],
    'GET /api/organization': {
      ...organizationDetail,
      role,
      subscriptionPlan: plan,
      effectivePlan: plan,
      viewPlan: plan,
    },
    'GET /api/licenses': overview([application(slack), application(zendesk, { hasUsageData: false })]),
    ...extra,
  });
}

const appNames = () => screen.getAllByTestId('license-app-name').map((e) => e.textContent);

describe('/app/licenses', () => {
  it('shows the upgrade prompt on Starter without asking for license data', async () => {
    serve('starter');
    renderWithProviders(<LicensesPage />);
    expect(await screen.findByText('Licenses are part of Growth')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'See Growth' }));
    expect(await screen.findByRole('dialog', { name: /Upgrade to Growth/ })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/licenses'))).toBe(false);
  });

  it('lists applications by waste with bars, utilisation and flags; sorts by name', async () => {
    serve('pro');
    const u = userEvent.setup();
    renderWithProviders(<LicensesPage />);
    expect(await screen.findByText('$1,440.00')).toBeInTheDocument(); // idle seats cost a year
    expect(appNames()).toEqual(['Zendesk', 'Slack']);
    expect(screen.getByText('Over-assigned by 2')).toBeInTheDocument();
    expect(screen.getByText('No usage data')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: '10 purchased, 6 assigned, 4 active' })).not.toHaveLength(0);
    await u.selectOptions(screen.getByLabelText('Sort by'), 'name');
    expect(appNames()).toEqual(['Slack', 'Zendesk']);
  });

  it('names the connector whose sign-ins are an application’s usage, and their freshness', async () => {
    serve('pro', 'owner', {
      'GET /api/licenses': overview([
        application(slack, { usageSource: 'okta', lastActivityAt: new Date().toISOString() }),
        application(zendesk, { usageSource: 'entra_id', lastActivityAt: new Date().toISOString() }),
      ]),
    });
    renderWithProviders(<LicensesPage />);
    expect(await screen.findByTitle('Seat activity from Okta')).toHaveTextContent(/^Okta · /);
    expect(screen.getByTitle('Seat activity from Microsoft Entra ID')).toBeInTheDocument();
  });

  it("names the integration that keeps an application's seats, and when it last synced", async () => {
    const synced = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const kept = pool({ seatsSource: 'slack', seatsSyncedAt: synced });
    serve('pro', 'owner', {
      'GET /api/licenses': overview([
        application(kept, { usageSource: 'slack', lastActivityAt: synced }),
        application(zendesk),
      ]),
    });
    renderWithProviders(<LicensesPage />);
    expect(await screen.findByTestId('seats-source')).toHaveTextContent(
      /^Seats from Slack · synced 2 hours ago$/,
    );
    expect(screen.getAllByTestId('seats-source')).toHaveLength(1);
  });

  it('drills into a pool and reclaims its inactive seats in bulk', async () => {
    serve('pro', 'member', {
      'GET /api/licenses/pool-slack': poolDetail(slack, [
        seat('a', 'Ann Active', true),
        seat('b', 'Ian Idle', false),
      ]),
      'POST /api/licenses/pool-slack/assignments/reclaim': {
        reclaimed: 1,
        skippedActive: [],
        utilisation: utilisation(),
      },
    });
    const u = userEvent.setup();
    const { router } = renderWithProviders(<LicensesPage />, '/app/licenses');
    await u.click(await screen.findByRole('button', { name: 'Seats of Slack Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slack · Pro' });
    expect(router.state.location.search).toBe('?pool=pool-slack');
    expect(within(dialog).getByText('Never')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Select inactive' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Select Ian Idle' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Select Ann Active' })).not.toBeChecked();
    await u.click(within(dialog).getByRole('button', { name: 'Reclaim 1 seat' }));
    expect(await screen.findByText('1 seat reclaimed')).toBeInTheDocument();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        path: '/api/licenses/pool-slack/assignments/reclaim',
        body: { assignmentIds: ['b'] },
      }),
    );
  });

  it('marks the seats entered by hand in a pool a connector keeps', async () => {
    const kept = pool({ seatsSource: 'slack', seatsSyncedAt: new Date().toISOString() });
    serve('pro', 'owner', {
      'GET /api/licenses': overview([application(kept), application(zendesk)]),
      'GET /api/licenses/pool-slack': poolDetail(kept, [
        { ...seat('a', 'Ann Synced', true), assignedFrom: 'slack' },
        seat('h', 'Hal Hand', true),
      ]),
    });
    const u = userEvent.setup();
    renderWithProviders(<LicensesPage />, '/app/licenses');
    await u.click(await screen.findByRole('button', { name: 'Seats of Slack Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slack · Pro' });
    const row = (name: string) => within(dialog).getByText(name).closest('tr')!;
    expect(within(row('Hal Hand')).getByText('Added by hand')).toBeInTheDocument();
    expect(within(row('Ann Synced')).queryByText('Added by hand')).not.toBeInTheDocument();
  });

  it('asks the holders of an application without usage data', async () => {
    serve('pro', 'owner', {
      'POST /api/attestations': { sent: 6, expiresAt: '2026-04-14T12:00:00.000Z', recipients: [] },
    });
    const u = userEvent.setup();
    renderWithProviders(<LicensesPage />);
    await u.click(await screen.findByRole('button', { name: /Ask holders/ }));
    await u.click(await screen.findByRole('button', { name: 'Send e-mails' }));
    expect(await screen.findByText('Asked 6 people')).toBeInTheDocument();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ path: '/api/attestations', body: { subscriptionId: 'app-zendesk' } }),
    );
  });

  it('lets owners change the inactivity window; members cannot', async () => {
    serve('pro', 'owner', { 'PUT /api/licenses/settings': { inactivityDays: 60 } });
    const u = userEvent.setup();
    renderWithProviders(<LicensesPage />);
    await u.selectOptions(await screen.findByLabelText('Inactive after'), '60');
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({ method: 'PUT', body: { inactivityDays: 60 } }),
      ),
    );
  });

  it('opens the usage import from a link (?import=usage), not for viewers', async () => {
    serve('pro');
    const first = renderWithProviders(<LicensesPage />, '/app/licenses?import=usage');
    expect(await screen.findByRole('dialog', { name: 'Import usage' })).toBeInTheDocument();
    first.unmount();
    serve('pro', 'viewer');
    renderWithProviders(<LicensesPage />, '/app/licenses?import=usage');
    expect(await screen.findByLabelText('Inactive after')).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Import usage' })).not.toBeInTheDocument();
  });

  it('disables the inactivity window and pool creation for viewers', async () => {
    serve('pro', 'viewer');
    renderWithProviders(<LicensesPage />);
    expect(await screen.findByLabelText('Inactive after')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Add license pool/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Import usage/ })).toBeDisabled();
  });
});
