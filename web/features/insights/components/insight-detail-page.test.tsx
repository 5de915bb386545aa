// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsightComment } from '@common/contracts/insights';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { detail, session, SLACK } from '../test/fixtures';
import { InsightDetailPage } from './insight-detail-page';
import { USAGE_UNKNOWN_TEXT } from '@common/licenses';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function render(path = '/app/insights/i1') {
  return renderRoutes([{ path: '/app/insights/:id', element: <InsightDetailPage /> }], path);
}

describe('insight detail', () => {
  it('shows the explanation, the arithmetic, the confidence and the evidence grouped by kind, linked', async () => {
    api = mockApi({ ...session('owner', 'pro'), 'GET /api/insights/i1': detail() });
    render();
    expect(await screen.findByRole('heading', { name: '4 idle Slack seats' })).toBeInTheDocument();
    expect(screen.getByTestId('arithmetic')).toHaveTextContent('4 seats × $12.00 × 12 months = $576.00');
    expect(screen.getByText(/have not used Slack in 60 days/)).toBeInTheDocument();
    expect(screen.getByText('Activity comes from a usage import')).toBeInTheDocument();

    const apps = screen.getByRole('table', { name: 'Applications' });
    expect(within(apps).getByRole('columnheader', { name: 'Annual cost' })).toBeInTheDocument();
    expect(within(apps).getByRole('link', { name: 'Slack' })).toHaveAttribute(
      'href',
      `/app/subscriptions/${SLACK.id}`,
    );
    const seats = screen.getByRole('table', { name: 'Seats' });
    const [, ana, ben] = within(seats).getAllByRole('row');
    expect(ana).toHaveTextContent('Ana Ruiz2026-08-01usage import');
    expect(within(ana).getByRole('link', { name: 'Ana Ruiz' })).toHaveAttribute('href', '/app/licenses');
    expect(ben).toHaveTextContent('Ben Ott—sign-in');
    const catalogue = screen.getByRole('table', { name: 'Catalogue prices' });
    expect(within(catalogue).queryByRole('link')).not.toBeInTheDocument();

    expect(screen.getByText('No owner')).toBeInTheDocument();
    expect(screen.getByText('Asked IT to check.')).toBeInTheDocument();
  });

  it('lists the decision’s alternatives, what counts, what overlaps and unknown usage', async () => {
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/insights/i1': detail({
        title: 'Renew Figma with 11 seats, not 12',
        overlapsWith: [{ id: 'i9', title: 'Ana Singh left but still holds 4 licenses' }],
        decision: {
          applicationId: 'figma',
          usage: 'unknown',
          targetSeats: 11,
          seatsInUse: 10,
          alternatives: [
            {
              type: 'renewal_right_sizing',
              title: 'Renew Figma with 11 seats, not 12',
              explanation: '',
              savingMinor: 24_000,
              savingUnavailable: null,
              arithmetic: null,
              action: { path: '/app/renewals', text: 'Renew with 11 seats' },
              recommended: true,
            },
            {
              type: 'unassigned_seats',
              title: '1 unassigned Figma seat',
              explanation: '',
              savingMinor: 24_000,
              savingUnavailable: null,
              arithmetic: null,
              action: { path: '/app/renewals', text: 'Reduce by 1 seat' },
              recommended: false,
            },
          ],
        },
      }),
    });
    render();
    const alternatives = await screen.findByRole('list', { name: 'Alternatives' });
    const [first, second] = within(alternatives).getAllByRole('listitem');
    expect(first).toHaveTextContent('Renew Figma with 11 seats, not 12 · counted$240.00 / year alone');
    expect(second).toHaveTextContent('1 unassigned Figma seat$240.00 / year alone');
    expect(screen.getByTestId('usage-unknown')).toHaveTextContent(USAGE_UNKNOWN_TEXT);
    expect(screen.getByTestId('overlap-note')).toHaveTextContent(
      'Overlaps with Ana Singh left but still holds 4 licenses',
    );
  });

  it('says what price is missing when the saving is not computed', async () => {
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/insights/i1': detail({
        savingMinor: null,
        arithmetic: null,
        savingUnavailable: 'Slack has no price per seat',
      }),
    });
    render();
    expect(await screen.findByText('Not computed — Slack has no price per seat.')).toBeInTheDocument();
  });

  it('posts a comment and shows it', async () => {
    let comments: InsightComment[] = detail().comments;
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/insights/i1': () => detail({ comments }),
      'POST /api/insights/i1/comments': ({ body }: { body: { body: string } }) => {
        const created = {
          id: 'c2',
          body: body.body,
          author: { id: 'u1', name: 'Maya Chen' },
          createdAt: new Date().toISOString(),
        };
        comments = [...comments, created];
        return reply(201, created);
      },
    });
    const u = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: '4 idle Slack seats' });
    await u.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Write a comment')).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Seats reclaimed from Ana and Ben.');
    await u.click(screen.getByRole('button', { name: 'Post comment' }));
    const thread = screen.getByRole('list', { name: 'Comments' });
    await waitFor(() =>
      expect(within(thread).getByText('Seats reclaimed from Ana and Ben.')).toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      body: 'Seats reclaimed from Ana and Ben.',
    });
  });

  it('says so when the opportunity belongs to nobody here', async () => {
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/insights/i9': reply(404, { message: 'Not found', code: 'not_found' }),
    });
    render('/app/insights/i9');
    expect(await screen.findByText('This opportunity does not exist or was removed.')).toBeInTheDocument();
  });
});
