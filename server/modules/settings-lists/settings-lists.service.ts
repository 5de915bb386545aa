import {
  SETTINGS_LIST_LABELS,
  type CreateSettingsItemBody,
  type SettingsList,
  type UpdateSettingsItemBody,
} from '../../../common/contracts/settings-lists';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import * as repo from './settings-lists.repo';

const label = (list: SettingsList) => SETTINGS_LIST_LABELS[list];
const capitalized = (list: SettingsList) => label(list)[0].toUpperCase() + label(list).slice(1);

function duplicate(list: SettingsList, name: string) {
  return conflict(`A ${label(list)} named "${name}" already exists.`);
}

export async function listSettingsItems(deps: ServiceDeps, ctx: RequestContext, list: SettingsList) {
  return repo.listItems(deps.db, ctx.orgId, list);
}

export async function createSettingsItem(
  deps: ServiceDeps,
  ctx: RequestContext,
  list: SettingsList,
  input: CreateSettingsItemBody,
) {
  const name = input.name.trim();
  return deps.db
    .transaction(async (tx) => {
      if (await repo.findItemByName(tx, ctx.orgId, list, name)) throw duplicate(list, name);
      const item = await repo.insertItem(tx, ctx.orgId, list, { name, color: input.color });
      await recordAudit(tx, ctx, {
        action: 'settings_item.create',
        entityType: 'settings_item',
        entityId: item.id,
        changes: { list, name, color: item.color },
      });
      return { ...item, usageCount: 0 };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw duplicate(list, name);
      throw error;
    });
}

export async function updateSettingsItem(
  deps: ServiceDeps,
  ctx: RequestContext,
  list: SettingsList,
  id: string,
  input: UpdateSettingsItemBody,
) {
  const name = input.name?.trim();
  return deps.db
    .transaction(async (tx) => {
      const before = await repo.findItem(tx, ctx.orgId, list, id);
      if (!before) throw notFound(capitalized(list));
      if (name !== undefined && name.toLowerCase() !== before.name.toLowerCase()) {
        if (await repo.findItemByName(tx, ctx.orgId, list, name)) throw duplicate(list, name);
      }
      const values = { name, color: input.color };
      const item = await repo.updateItem(tx, ctx.orgId, id, values);
      await recordAudit(tx, ctx, {
        action: 'settings_item.update',
        entityType: 'settings_item',
        entityId: id,
        changes: { list, ...diffChanges(before, values) },
      });
      const [withUsage] = (await repo.listItems(tx, ctx.orgId, list)).filter((row) => row.id === id);
      return withUsage ?? { ...item!, usageCount: 0 };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw duplicate(list, name ?? '');
      throw error;
    });
}

/** Deletes the item and detaches it from every application that used it (never refused). */
export async function deleteSettingsItem(
  deps: ServiceDeps,
  ctx: RequestContext,
  list: SettingsList,
  id: string,
) {
  return deps.db.transaction(async (tx) => {
    const item = await repo.findItem(tx, ctx.orgId, list, id);
    if (!item) throw notFound(capitalized(list));
    const detachedFrom = await repo.detachAndDelete(tx, ctx.orgId, list, id);
    await recordAudit(tx, ctx, {
      action: 'settings_item.delete',
      entityType: 'settings_item',
      entityId: id,
      changes: { list, name: item.name, detachedFrom },
    });
    return { id, detachedFrom };
  });
}
