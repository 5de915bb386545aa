// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceChange } from '@common/contracts/subscriptions';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { subscription } from '@/features/subscriptions/test/fixtures';
import { SubscriptionDetailPage } from './subscription-detail-page';

afterEach(() => vi.unstubAllGlobals());

const ID = '11111111-1111-4111-8111-111111111111';
const snapshot = (amountMinor: number): PriceChange['to'] => ({
  pricingModel: 'flat',
  billingCycle: 'annual',
  intervalMonths: null,
  amountMinor,
  seats: null,
  unitPriceMinor: null,
  currency: 'USD',
  monthlyMinor: amountMinor / 12,
});

describe('/app/subscriptions/:id', () => {
  it('shows the overview, price history and activity; archives', async () => {
    const api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [organization],
      'GET /api/organization': organizationDetail,
      [`GET /api/subscriptions/${ID}`]: subscription({
        notes: 'Renegotiate in Q4',
        department: 'CC-4100 Marketing',
        paymentMethodName: 'Amex corporate',
        startDate: '2026-01-15',
        contractTermMonths: 12,
        termEndDate: '2027-01-14',
      }),
      [`GET /api/subscriptions/${ID}/history`]: [
        {
          id: 'h2',
          effectiveDate: '2026-06-01',
          changedAt: '2026-06-01T10:00:00.000Z',
          userId: 'u1',
          userName: 'Maya Chen',
          from: snapshot(96000),
          to: snapshot(120000),
          fields: ['amountMinor'],
          source: 'manual',
        },
      ],
      [`GET /api/subscriptions/${ID}/activity`]: [
        {
          id: 'a1',
          action: 'subscription.update',
          userId: 'u1',
          userName: 'Maya Chen',
          changes: {
            amountMinor: { from: 96000, to: 120000 },
            nextRenewalDate: { from: null, to: '2027-01-01' },
          },
          createdAt: '2026-06-01T10:00:00.000Z',
        },
        {
          id: 'a0',
          action: 'subscription.create',
          userId: 'u1',
          userName: 'Maya Chen',
          changes: { name: 'Slack', source: 'demo', importId: null, row: 1 },
          createdAt: '2026-05-01T10:00:00.000Z',
        },
      ],
      [`DELETE /api/subscriptions/${ID}`]: undefined,
    });
    const u = userEvent.setup();
    renderRoutes(
      [{ path: '/app/subscriptions/:id', element: <SubscriptionDetailPage /> }],
      `/app/subscriptions/${ID}`,
    );
    expect(await screen.findByRole('heading', { name: /Slack/, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Renegotiate in Q4')).toBeInTheDocument();
    expect(screen.getByText('Cancel by')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Negotiation pack' })).toHaveAttribute(
      'href',
      `/app/renewals/${ID}/pack`,
    );
    expect(screen.getByText('CC-4100 Marketing')).toBeInTheDocument();
    expect(screen.getByText('Amex corporate')).toBeInTheDocument();
    expect(screen.getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('12 months')).toBeInTheDocument();
    expect(screen.getByText('until Jan 14, 2027')).toBeInTheDocument();
    expect(await screen.findByText('$960.00 annual → $1,200.00 annual')).toBeInTheDocument();
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    expect(screen.getByText('· amount, next renewal date')).toBeInTheDocument();
    expect(screen.getByText('· from the demo company')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
