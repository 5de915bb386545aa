// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SettingsListTab } from './settings-list-tab';

afterEach(() => vi.unstubAllGlobals());

const tag = { id: 't1', name: 'Core', color: null, usageCount: 3, createdAt: '2026-01-01T00:00:00.000Z' };

describe('settings list tab', () => {
  it('adds, renames and deletes items through the API', async () => {
    const api = mockApi({
      'GET /api/settings/projects': [tag],
      'POST /api/settings/projects': { ...tag, id: 't2', name: 'Launch' },
      'PATCH /api/settings/projects/t1': { ...tag, name: 'Platform' },
      'DELETE /api/settings/projects/t1': { id: 't1', detachedFrom: 3 },
    });
    const u = userEvent.setup();
    renderWithProviders(<SettingsListTab list="projects" noun="project" />);
    expect(await screen.findByText('Core')).toBeInTheDocument();
    expect(screen.getByText('3 applications')).toBeInTheDocument();

    await u.type(screen.getByLabelText('New project'), 'Launch');
    await u.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Launch' }));

    await u.click(screen.getByRole('button', { name: 'Rename Core' }));
    const input = screen.getByLabelText('Rename Core');
    await u.clear(input);
    await u.type(input, 'Platform');
    await u.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Platform' }),
    );

    await u.click(screen.getByRole('button', { name: 'Delete Core' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Core"?' });
    expect(dialog).toHaveTextContent('It will be removed from 3 applications.');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/settings/projects/t1')).toBe(
        true,
      ),
    );
  });
});
