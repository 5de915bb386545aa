// @vitest-environment jsdom
import '@/test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '@common/contracts/contracts';
import { organization } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SubscriptionContracts } from './subscription-contracts';

afterEach(() => vi.unstubAllGlobals());

const contract: Contract = {
  id: 'c1',
  subscriptionId: 's1',
  subscriptionName: 'Salesforce',
  title: 'Master subscription agreement',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  renewalTermMonths: 12,
  autoRenew: true,
  noticePeriodDays: 60,
  cancelByDate: '2026-11-01',
  priceIncreaseCapPct: 5.5,
  totalValueMinor: 4_800_000,
  currency: 'USD',
  paymentTerms: 'Net 30',
  status: 'active',
  replacesContractId: null,
  replacedByContractId: null,
  notes: null,
  documents: [
    {
      id: 'd1',
      fileName: 'msa.pdf',
      contentType: 'application/pdf',
      sizeBytes: 204_800,
      createdAt: '2026-01-05T10:00:00.000Z',
    },
  ],
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

describe('application contracts section', () => {
  it('shows each contract with its terms, cancel-by date and downloadable documents', async () => {
    mockApi({ 'GET /api/organizations': [organization], 'GET /api/subscriptions/s1/contracts': [contract] });
    renderWithProviders(<SubscriptionContracts subscriptionId="s1" />);
    const card = await screen.findByTestId('contract-c1');
    expect(within(card).getByText('Master subscription agreement')).toBeInTheDocument();
    expect(within(card).getByText('Jan 1, 2026 – Dec 31, 2026')).toBeInTheDocument();
    expect(within(card).getByText(/Nov 1, 2026/)).toBeInTheDocument();
    expect(within(card).getByText('$48,000.00')).toBeInTheDocument();
    expect(within(card).getByText('5.5%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'msa.pdf' })).toHaveAttribute(
      'href',
      '/api/contracts/c1/documents/d1',
    );
  });

  it('adds a contract through the form, converting the amount to minor units', async () => {
    const api = mockApi({
      'GET /api/organizations': [organization],
      'GET /api/subscriptions/s1/contracts': [],
      'POST /api/subscriptions/s1/contracts': reply(201, contract),
    });
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionContracts subscriptionId="s1" currency="USD" />);
    await u.click(await screen.findByRole('button', { name: 'Add contract' }));
    await u.type(screen.getByLabelText('Title'), 'Order form 2026');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-12-31' } });
    await u.clear(screen.getByLabelText('Notice period (days)'));
    await u.type(screen.getByLabelText('Notice period (days)'), '45');
    await u.type(screen.getByLabelText('Total contract value (USD)'), '12,500.50');
    await u.type(screen.getByLabelText('Price-increase cap (%)'), '7');
    await u.click(screen.getByRole('button', { name: 'Add contract' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Order form 2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      renewalTermMonths: 12,
      autoRenew: true,
      noticePeriodDays: 45,
      priceIncreaseCapPct: 7,
      totalValueMinor: 1_250_050,
      currency: 'USD',
      paymentTerms: null,
      status: 'active',
      notes: null,
    });
  });

  it('checks the dates before sending', async () => {
    const api = mockApi({
      'GET /api/organizations': [organization],
      'GET /api/subscriptions/s1/contracts': [],
    });
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionContracts subscriptionId="s1" />);
    await u.click(await screen.findByRole('button', { name: 'Add contract' }));
    await u.type(screen.getByLabelText('Title'), 'Backwards');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-01-01' } });
    await u.click(screen.getByRole('button', { name: 'Add contract' }));
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a document as multipart and renews a running contract', async () => {
    const api = mockApi({
      'GET /api/organizations': [organization],
      'GET /api/subscriptions/s1/contracts': [contract],
      'POST /api/contracts/c1/documents': reply(201, contract.documents[0]),
      'POST /api/contracts/c1/renew': reply(201, {
        ...contract,
        id: 'c2',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionContracts subscriptionId="s1" />);
    const file = new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' });
    await u.upload(await screen.findByLabelText('Upload a document to Master subscription agreement'), file);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/contracts/c1/documents')).toBe(true));

    await u.click(screen.getByRole('button', { name: 'Actions for Master subscription agreement' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Renew…' }));
    expect(await screen.findByText(/Jan 1, 2027 – Dec 31, 2027/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Renew contract' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/contracts/c1/renew')).toBe(true),
    );
  });

  it('explains that contract management needs Growth on Starter, and hides editing from viewers', async () => {
    mockApi({
      'GET /api/organizations': [organization],
      'GET /api/subscriptions/s1/contracts': reply(403, {
        message: 'This feature needs the Growth plan.',
        code: 'plan_required',
        requiredPlan: 'pro',
      }),
    });
    renderWithProviders(<SubscriptionContracts subscriptionId="s1" />);
    expect(await screen.findByText('Contract management is part of Growth')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add contract' })).not.toBeInTheDocument();
  });

  it('viewers can download but not change', async () => {
    mockApi({
      'GET /api/organizations': [{ ...organization, role: 'viewer' }],
      'GET /api/subscriptions/s1/contracts': [contract],
    });
    renderWithProviders(<SubscriptionContracts subscriptionId="s1" />);
    expect(await screen.findByRole('link', { name: 'msa.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add contract' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Upload a document/)).not.toBeInTheDocument();
  });
});
