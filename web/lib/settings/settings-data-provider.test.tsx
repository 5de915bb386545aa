// @vitest-environment jsdom
import '@/test/dom';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, reply } from '@/test/mock-api';
import { EMPTY_SETTINGS_DATA, SettingsDataProvider, useSettingsData } from './settings-data-provider';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <SettingsDataProvider>{children}</SettingsDataProvider>
    </QueryClientProvider>
  );
}

describe('settings data outside its provider (spec §8)', () => {
  it('logs a warning and falls back to empty lists and no-op functions', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useSettingsData());
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('outside <SettingsDataProvider>'));
    expect(result.current).toBe(EMPTY_SETTINGS_DATA);
    for (const list of [
      'categories',
      'tags',
      'paymentMethods',
      'useCases',
      'projects',
      'toolOwners',
    ] as const) {
      expect(result.current[list]).toEqual([]);
    }
    await expect(result.current.addCategory({ name: 'Design' })).resolves.toBeUndefined();
    await expect(result.current.removeTag('t1')).resolves.toBeUndefined();
    expect(() => result.current.addProject({ id: 'p1', name: 'Launch' })).not.toThrow();
  });
});

describe('settings data provider', () => {
  it('loads the lists from /api/settings/*, reading a missing endpoint (404) as empty', async () => {
    mockApi({
      'GET /api/settings/categories': [{ id: 'c1', name: 'Design' }],
      'GET /api/settings/tags': [{ id: 't1', name: 'critical' }],
    });
    const warn = vi.spyOn(console, 'warn');
    const { result } = renderHook(() => useSettingsData(), { wrapper });
    await waitFor(() => expect(result.current.categories).toEqual([{ id: 'c1', name: 'Design' }]));
    expect(result.current.tags).toEqual([{ id: 't1', name: 'critical' }]);
    expect(result.current.paymentMethods).toEqual([]);
    expect(result.current.useCases).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('adds and removes through the API and refreshes the list', async () => {
    let categories = [{ id: 'c1', name: 'Design' }];
    const api = mockApi({
      'GET /api/settings/categories': () => categories,
      'POST /api/settings/categories': ({ body }: { body: unknown }) => {
        const item = { id: 'c2', ...(body as { name: string }) };
        categories = [...categories, item];
        return item;
      },
      'DELETE /api/settings/categories/c1': () => {
        categories = categories.filter((c) => c.id !== 'c1');
        return reply(204);
      },
    });
    const { result } = renderHook(() => useSettingsData(), { wrapper });
    await waitFor(() => expect(result.current.categories).toHaveLength(1));
    await act(() => result.current.addCategory({ name: 'Finance' }));
    await waitFor(() => expect(result.current.categories.map((c) => c.name)).toEqual(['Design', 'Finance']));
    await act(() => result.current.removeCategory('c1'));
    await waitFor(() => expect(result.current.categories.map((c) => c.name)).toEqual(['Finance']));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Finance' });
  });

  it('adds and removes projects locally, without a call', async () => {
    const api = mockApi({});
    const { result } = renderHook(() => useSettingsData(), { wrapper });
    act(() => result.current.addProject({ id: 'p1', name: 'Website relaunch' }));
    expect(result.current.projects).toEqual([{ id: 'p1', name: 'Website relaunch' }]);
    act(() => result.current.removeProject('p1'));
    expect(result.current.projects).toEqual([]);
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});
