// @vitest-environment jsdom
import '@/test/dom';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { idleSlack, list, session, SLACK } from '../test/fixtures';
import { ApplicationOpportunities } from './application-opportunities';

afterEach(() => vi.unstubAllGlobals());

describe('application page: savings opportunities', () => {
  it('lists the application’s open opportunities with their saving and a link to each', async () => {
    const api = mockApi({ ...session('owner', 'pro'), 'GET /api/insights': list([idleSlack]) });
    renderWithProviders(<ApplicationOpportunities applicationId={SLACK.id} />);
    const items = await screen.findByRole('list', { name: 'Savings opportunities' });
    const [item] = within(items).getAllByRole('listitem');
    expect(within(item).getByRole('link', { name: '4 idle Slack seats' })).toHaveAttribute(
      'href',
      '/app/insights/i1',
    );
    expect(item).toHaveTextContent('$576.00 / year');
    expect(screen.getByText('1 open, $576.00 per year counted (overlaps counted once).')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.startsWith('/api/insights'))?.path).toBe(
      `/api/insights?state=open&applicationId=${SLACK.id}`,
    );
  });

  it('is not shown on Starter', async () => {
    const api = mockApi({ ...session('owner', 'starter') });
    renderWithProviders(<ApplicationOpportunities applicationId={SLACK.id} />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Savings opportunities')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/insights'))).toBe(false);
  });
});
