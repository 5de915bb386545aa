import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSettingsList } from './get-settings-list';
import type { SettingsItem, SettingsListName } from './settings-lists';

/** Lists the provider changes through the API (projects are kept locally, spec §7). */
type RemoteSettingsList = Exclude<SettingsListName, 'projects'>;

/** The shared settings lists (spec §3/§7) and the functions that change them. */
export interface SettingsData {
  categories: SettingsItem[];
  tags: SettingsItem[];
  paymentMethods: SettingsItem[];
  useCases: SettingsItem[];
  projects: SettingsItem[];
  /** Tool owners: a stub with no behaviour yet (spec §3). */
  toolOwners: SettingsItem[];
  isLoading: boolean;
  addCategory: (item: Record<string, unknown>) => Promise<void>;
  removeCategory: (id: string) => Promise<void>;
  addTag: (item: Record<string, unknown>) => Promise<void>;
  removeTag: (id: string) => Promise<void>;
  addPaymentMethod: (item: Record<string, unknown>) => Promise<void>;
  removePaymentMethod: (id: string) => Promise<void>;
  addUseCase: (item: Record<string, unknown>) => Promise<void>;
  removeUseCase: (id: string) => Promise<void>;
  /** Projects and tool owners change locally only; no call is made (spec §7). */
  addProject: (item: SettingsItem) => void;
  removeProject: (id: string) => void;
  addToolOwner: (item: SettingsItem) => void;
  removeToolOwner: (id: string) => void;
}

const noopAsync = async () => {};
const noop = () => {};

/** What consumers get outside the provider: empty lists and functions that do nothing (spec §8). */
export const EMPTY_SETTINGS_DATA: SettingsData = {
  categories: [],
  tags: [],
  paymentMethods: [],
  useCases: [],
  projects: [],
  toolOwners: [],
  isLoading: false,
  addCategory: noopAsync,
  removeCategory: noopAsync,
  addTag: noopAsync,
  removeTag: noopAsync,
  addPaymentMethod: noopAsync,
  removePaymentMethod: noopAsync,
  addUseCase: noopAsync,
  removeUseCase: noopAsync,
  addProject: noop,
  removeProject: noop,
  addToolOwner: noop,
  removeToolOwner: noop,
};

const SettingsDataContext = createContext<SettingsData | null>(null);

const NO_ITEMS: SettingsItem[] = [];

// The change functions load on first use: every screen mounts the provider, few change a list.
const changes = () => import('./manage-settings-list');

function useRemoteList(name: RemoteSettingsList) {
  const query = useSettingsList(name);
  const queryClient = useQueryClient();
  const add = useCallback(
    async (item: Record<string, unknown>) => {
      const api = await changes();
      await api.addSettingsItem(name, { name: String(item.name ?? ''), ...item });
      await api.settingsListChanged(queryClient, name);
    },
    [name, queryClient],
  );
  const del = useCallback(
    async (id: string) => {
      const api = await changes();
      await api.removeSettingsItem(name, id);
      await api.settingsListChanged(queryClient, name);
    },
    [name, queryClient],
  );
  return useMemo(
    () => ({ items: query.data ?? NO_ITEMS, isLoading: query.isPending, add, del }),
    [query.data, query.isPending, add, del],
  );
}

export function SettingsDataProvider({ children }: { children: ReactNode }) {
  const categories = useRemoteList('categories');
  const tags = useRemoteList('tags');
  const paymentMethods = useRemoteList('paymentMethods');
  const useCases = useRemoteList('useCases');
  const remoteProjects = useSettingsList('projects');
  const [addedProjects, setAddedProjects] = useState<SettingsItem[]>([]);
  const [removedProjects, setRemovedProjects] = useState<ReadonlySet<string>>(new Set());
  const [toolOwners, setToolOwners] = useState<SettingsItem[]>([]);

  const projects = useMemo(
    () => [...(remoteProjects.data ?? []), ...addedProjects].filter((p) => !removedProjects.has(p.id)),
    [remoteProjects.data, addedProjects, removedProjects],
  );

  const value = useMemo<SettingsData>(
    () => ({
      categories: categories.items,
      tags: tags.items,
      paymentMethods: paymentMethods.items,
      useCases: useCases.items,
      projects,
      toolOwners,
      isLoading: categories.isLoading || tags.isLoading || paymentMethods.isLoading || useCases.isLoading,
      addCategory: categories.add,
      removeCategory: categories.del,
      addTag: tags.add,
      removeTag: tags.del,
      addPaymentMethod: paymentMethods.add,
      removePaymentMethod: paymentMethods.del,
      addUseCase: useCases.add,
      removeUseCase: useCases.del,
      addProject: (item) => setAddedProjects((prev) => [...prev, item]),
      removeProject: (id) => setRemovedProjects((prev) => new Set([...prev, id])),
      addToolOwner: (item) => setToolOwners((prev) => [...prev, item]),
      removeToolOwner: (id) => setToolOwners((prev) => prev.filter((owner) => owner.id !== id)),
    }),
    [categories, tags, paymentMethods, useCases, projects, toolOwners],
  );

  return <SettingsDataContext.Provider value={value}>{children}</SettingsDataContext.Provider>;
}

/** The settings lists; outside the provider it logs a warning and returns empty lists and no-ops (spec §8). */
export function useSettingsData(): SettingsData {
  const value = useContext(SettingsDataContext);
  if (!value) {
    console.warn(
      'useSettingsData was used outside <SettingsDataProvider>; using empty lists and no-op functions.',
    );
    return EMPTY_SETTINGS_DATA;
  }
  return value;
}

/** Route layout: every /app screen (both shells) can read the settings lists. */
export function SettingsDataLayout() {
  return (
    <SettingsDataProvider>
      <Outlet />
    </SettingsDataProvider>
  );
}
