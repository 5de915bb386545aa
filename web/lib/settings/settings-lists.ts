/** The settings lists of spec §7 and their API path segment. */
export const SETTINGS_LISTS = {
  categories: 'categories',
  tags: 'tags',
  paymentMethods: 'payment-methods',
  useCases: 'use-cases',
  projects: 'projects',
} as const;
export type SettingsListName = keyof typeof SETTINGS_LISTS;

/** Items' fields are not fixed yet (spec §3); every list item has at least an id and a name. */
export interface SettingsItem {
  id: string;
  name: string;
  [key: string]: unknown;
}

export const settingsKeys = {
  all: ['settings'] as const,
  list: (name: SettingsListName) => ['settings', name] as const,
};
