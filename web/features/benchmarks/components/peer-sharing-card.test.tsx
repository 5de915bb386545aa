// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@common/roles';
import { session } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { PeerSharingCard } from './peer-sharing-card';

afterEach(() => vi.unstubAllGlobals());

/** Settings as the server keeps them: a PATCH is what the next GET answers. */
function renderCard(role: Role, extra: Record<string, unknown> = {}) {
  let stored = { peerSharing: true };
  const api = mockApi({
    ...session(role, 'scale'),
    'GET /api/benchmarks/settings': () => stored,
    'PATCH /api/benchmarks/settings': ({ body }: { body: { peerSharing: boolean } }) => (stored = body),
    ...extra,
  });
  renderWithProviders(<PeerSharingCard />);
  const toggle = () => screen.getByRole('switch', { name: /Share our prices anonymously/ });
  return { api, toggle };
}

describe('peer sharing setting', () => {
  it('explains what sharing means: anonymous, at least 5 organizations, opting out hides peer data', async () => {
    renderCard('owner');
    const card = await screen.findByTestId('peer-sharing');
    expect(card).toHaveTextContent('Contributing is anonymous');
    expect(card).toHaveTextContent('at least 5 different organizations');
    expect(card).toHaveTextContent(
      'Opting out stops your prices from being counted and also hides peer prices from you.',
    );
  });

  it.each(['owner', 'admin'] as const)('%s opts out and back in', async (role) => {
    const { api, toggle } = renderCard(role);
    await waitFor(() => expect(toggle()).toBeChecked());
    const u = userEvent.setup();
    await u.click(toggle());
    expect(await screen.findByText('Peer sharing is off')).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
    await u.click(toggle());
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { peerSharing: false },
      { peerSharing: true },
    ]);
  });

  it.each([
    ['member', 'Only owners and admins can change this.'],
    ['viewer', 'Viewers have read-only access. Only owners and admins can change this.'],
  ] as const)('%s sees the setting read-only', async (role, text) => {
    const { api, toggle } = renderCard(role, { 'GET /api/benchmarks/settings': { peerSharing: false } });
    await waitFor(() => expect(toggle()).toBeDisabled());
    expect(toggle()).not.toBeChecked();
    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.setup().click(toggle());
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('a refused change says why and keeps the switch as it was', async () => {
    const { toggle } = renderCard('admin', {
      'PATCH /api/benchmarks/settings': reply(403, {
        message: 'Only owners and admins can do this.',
        code: 'forbidden',
      }),
    });
    await waitFor(() => expect(toggle()).toBeChecked());
    await userEvent.setup().click(toggle());
    expect(await screen.findByText('Could not change peer sharing')).toBeInTheDocument();
    expect(toggle()).toBeChecked();
  });
});
