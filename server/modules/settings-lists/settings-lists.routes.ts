import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  createSettingsItemBody,
  deleteSettingsItemResponse,
  SETTINGS_LISTS,
  settingsItemListResponse,
  settingsItemResponse,
  updateSettingsItemBody,
  type SettingsList,
} from '../../../common/contracts/settings-lists';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './settings-lists.service';

const idParams = z.object({ id: z.uuid() });

// 'payment-methods' → 'PaymentMethods', for operationIds.
const pascal = (list: SettingsList) =>
  list
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/**
 * GET/POST /settings/{list}, PATCH/DELETE /settings/{list}/{id} for each list. Members may add items
 * (they tag while editing applications); renaming and deleting, which touch everyone's data, need
 * settings.manage (owner, admin).
 */
export async function settingsListsRoutes(app: App) {
  const deps = app.deps;
  for (const list of SETTINGS_LISTS) {
    const tags = ['settings'];
    app.get(`/settings/${list}`, {
      schema: { operationId: `list${pascal(list)}`, tags, response: { 200: settingsItemListResponse } },
      preHandler: guard(),
      handler: async (request) => service.listSettingsItems(deps, request.ctx, list),
    });

    app.post(`/settings/${list}`, {
      schema: {
        operationId: `create${pascal(list)}Item`,
        tags,
        body: createSettingsItemBody,
        response: { 201: settingsItemResponse, 409: errorResponse },
      },
      preHandler: guard({ action: 'data.write' }),
      handler: async (request, reply) =>
        reply.status(201).send(await service.createSettingsItem(deps, request.ctx, list, request.body)),
    });

    app.patch(`/settings/${list}/:id`, {
      schema: {
        operationId: `update${pascal(list)}Item`,
        tags,
        params: idParams,
        body: updateSettingsItemBody,
        response: { 200: settingsItemResponse, 404: errorResponse, 409: errorResponse },
      },
      preHandler: guard({ action: 'settings.manage' }),
      handler: async (request) =>
        service.updateSettingsItem(deps, request.ctx, list, request.params.id, request.body),
    });

    app.delete(`/settings/${list}/:id`, {
      schema: {
        operationId: `delete${pascal(list)}Item`,
        tags,
        params: idParams,
        response: { 200: deleteSettingsItemResponse, 404: errorResponse },
      },
      preHandler: guard({ action: 'settings.manage' }),
      handler: async (request) => service.deleteSettingsItem(deps, request.ctx, list, request.params.id),
    });
  }
}
