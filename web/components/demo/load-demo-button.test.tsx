// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ndjsonStream } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { LoadDemoButton } from './load-demo-button';

describe('LoadDemoButton', () => {
  it('shows each step the server reports, with a bar, until the demo is loaded', async () => {
    const stream = ndjsonStream();
    const api = mockApi({ 'POST /api/demo': () => stream.response });
    renderWithProviders(<LoadDemoButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Load demo data' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/demo')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Loading demo data…' })).toBeDisabled();

    stream.send({ progress: { phase: 'company', done: 3, total: 16 } });
    expect(await screen.findByRole('button', { name: 'Creating the company (4 of 16)…' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Demo data progress' })).toHaveAttribute(
      'aria-valuenow',
      '19',
    );
    stream.send({ progress: { phase: 'invoices', done: 15, total: 16 } });
    expect(
      await screen.findByRole('button', { name: 'Delivering its invoices (16 of 16)…' }),
    ).toBeInTheDocument();

    stream.send({
      status: 201,
      body: { applications: 62, vendors: 50, people: 150, licensePools: 40, assignments: 500 },
    });
    stream.close();
    expect(await screen.findByText('Demo data loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load demo data' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
