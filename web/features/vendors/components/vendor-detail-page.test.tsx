// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorDetail } from '@common/contracts/vendors';
import { session } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { VendorDetailPage } from './vendor-detail-page';

afterEach(() => vi.unstubAllGlobals());

const vendor: VendorDetail = {
  id: 'v1',
  name: 'Atlassian',
  website: 'https://atlassian.com',
  domain: 'atlassian.com',
  accountManagerName: null,
  accountManagerEmail: null,
  accountManagerPhone: null,
  supportEmail: null,
  supportUrl: null,
  notes: null,
  applicationsCount: 1,
  monthlyMinor: 5000,
  annualMinor: 60000,
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  applications: [
    {
      id: 's1',
      name: 'Jira',
      status: 'active',
      catalogSlug: 'jira',
      logoUrl: null,
      billingCycle: 'monthly',
      amountMinor: 5000,
      monthlyMinor: 5000,
      annualMinor: 60000,
      currency: 'USD',
      nextRenewalDate: '2026-12-01',
    },
  ],
};

function render(plan: 'starter' | 'pro') {
  const api = mockApi({
    ...session('owner', plan),
    'GET /api/vendors/v1': vendor,
    'PATCH /api/vendors/v1': ({ body }: { body: object }) => ({
      ...vendor,
      ...body,
      updatedAt: '2026-02-01T00:00:00.000Z',
    }),
  });
  renderRoutes([{ path: '/app/vendors/:id', element: <VendorDetailPage /> }], '/app/vendors/v1');
  return api;
}

describe('/app/vendors/:id', () => {
  it('shows spend and applications; on Starter editing is disabled', async () => {
    render('starter');
    expect(await screen.findByRole('heading', { name: 'Atlassian' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jira' })).toHaveAttribute('href', '/app/subscriptions/s1');
    expect(screen.getByText(/\$50\.00\/month/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save vendor' })).toBeDisabled();
  });

  it('on Growth the details can be edited and saved', async () => {
    const api = render('pro');
    const u = userEvent.setup();
    const manager = await screen.findByLabelText('Account manager');
    await waitFor(() => expect(manager).toBeEnabled());
    await u.type(manager, 'Dana Scully');
    await u.click(screen.getByRole('button', { name: 'Save vendor' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        accountManagerName: 'Dana Scully',
      }),
    );
  });
});
