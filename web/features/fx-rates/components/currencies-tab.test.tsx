// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationDetail } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CurrenciesTab } from './currencies-tab';

afterEach(() => vi.unstubAllGlobals());

const rate = {
  date: '2026-03-09',
  base: 'EUR',
  quote: 'USD',
  rate: 1.09,
  source: 'csv',
  createdAt: '2026-03-10T12:00:00.000Z',
};
const list = {
  items: [rate],
  reportingCurrency: 'USD',
  missing: [{ currency: 'GBP', since: '2026-02-01', charges: 2 }],
};

describe('/app/settings/currencies', () => {
  it('shows the reporting currency, the missing rates and the rates, and adds one', async () => {
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/fx-rates': list,
      'POST /api/fx-rates': () => [{ ...rate, quote: 'GBP', rate: 0.85, source: 'manual' }],
    });
    const u = userEvent.setup();
    renderWithProviders(<CurrenciesTab />, '/app/settings/currencies');
    expect(await screen.findByRole('alert')).toHaveTextContent('GBP: 2 expenses since');
    const row = screen.getByText('EUR → USD').closest('tr')!;
    expect(within(row).getByText('1.09')).toBeInTheDocument();

    await u.type(screen.getByLabelText('Rate'), '0.85');
    await u.selectOptions(screen.getByLabelText('Quote'), 'GBP');
    await u.click(screen.getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      rates: [{ date: expect.any(String), base: 'EUR', quote: 'GBP', rate: 0.85 }],
    });
  });

  it('shows members the rates without the forms', async () => {
    mockApi({
      'GET /api/organization': { ...organizationDetail, role: 'member' },
      'GET /api/fx-rates': list,
    });
    renderWithProviders(<CurrenciesTab />, '/app/settings/currencies');
    expect(await screen.findByText('EUR → USD')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rate' })).not.toBeInTheDocument();
  });
});
