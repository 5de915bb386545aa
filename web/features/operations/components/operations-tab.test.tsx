// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationDetail } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { OperationsTab } from './operations-tab';

afterEach(() => vi.unstubAllGlobals());

const failed = {
  id: '7b0c8f1e-0000-4000-a000-000000000001',
  queue: 'daily',
  description: 'Daily run for 2026-11-20: renewals, reminders, trial and budget checks',
  error: 'Slack answered 500',
  attempts: 6,
  createdAt: '2026-11-20T03:10:00.000Z',
  failedAt: '2026-11-20T05:12:00.000Z',
};

describe('/app/settings/operations', () => {
  it('lists failed background work and retries it', async () => {
    let items = [failed];
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/operations/failed-jobs': () => ({ items }),
      [`POST /api/operations/failed-jobs/daily/${failed.id}/retry`]: () => {
        items = [];
        return null;
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<OperationsTab />, '/app/settings/operations');
    const row = (await screen.findByText(failed.description)).closest('tr')!;
    expect(within(row).getByText('Slack answered 500')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    await u.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText('Nothing has failed')).toBeInTheDocument();
  });

  it('tells members that only owners and admins see it, without asking the server', async () => {
    const api = mockApi({ 'GET /api/organization': { ...organizationDetail, role: 'member' } });
    renderWithProviders(<OperationsTab />, '/app/settings/operations');
    expect(await screen.findByText('Only owners and admins can see background work.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/operations'))).toBe(false);
  });
});
