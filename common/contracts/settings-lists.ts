// The organization's own lists (spec §7): categories, tags, payment methods, use cases, projects.
import { z } from 'zod';
import { CATALOG_CATEGORIES } from '../catalog/types';
import { instant, type Wire } from './wire';

export const SETTINGS_LISTS = ['categories', 'tags', 'payment-methods', 'use-cases', 'projects'] as const;
export type SettingsList = (typeof SETTINGS_LISTS)[number];

/** Singular labels for messages ("A tag named … already exists"). */
export const SETTINGS_LIST_LABELS: Record<SettingsList, string> = {
  categories: 'category',
  tags: 'tag',
  'payment-methods': 'payment method',
  'use-cases': 'use case',
  projects: 'project',
};

/** Categories every new organization starts with; they match the catalogue's categories. */
export const DEFAULT_CATEGORIES = CATALOG_CATEGORIES;

const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a hex colour like #3366ff')
  .nullable()
  .optional();

export const createSettingsItemBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'At most 80 characters'),
  color,
});
export type CreateSettingsItemBody = z.input<typeof createSettingsItemBody>;

/** PATCH: rename and/or recolour. */
export const updateSettingsItemBody = z
  .object({ name: createSettingsItemBody.shape.name.optional(), color })
  .refine((v) => v.name !== undefined || v.color !== undefined, { message: 'Nothing to change' });
export type UpdateSettingsItemBody = z.input<typeof updateSettingsItemBody>;

export const settingsItemResponse = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  /** Live applications using this item. */
  usageCount: z.number(),
  createdAt: instant,
});
export type SettingsItem = Wire<typeof settingsItemResponse>;

export const settingsItemListResponse = z.array(settingsItemResponse);

/**
 * DELETE answers this: deleting an item in use detaches it from its applications (category and
 * payment method set to none, the id removed from tags / use cases / projects); nothing is refused.
 */
export const deleteSettingsItemResponse = z.object({ id: z.string(), detachedFrom: z.number() });
export type DeleteSettingsItemResult = Wire<typeof deleteSettingsItemResponse>;
