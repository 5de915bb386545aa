import {
  notificationPreferenceBody,
  notificationPreferenceResponse,
  notificationSettingsResponse,
  testNotificationBody,
  testNotificationResponse,
  updateNotificationSettingsBody,
  webhookSecretResponse,
} from '../../../common/contracts/notification-settings';
import { errorResponse } from '../../../common/contracts/errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './notification-settings.service';

const tags = ['notification settings'];

export async function notificationSettingsRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ action: 'settings.manage' });

  app.get('/settings/notifications', {
    schema: { operationId: 'getNotificationSettings', tags, response: { 200: notificationSettingsResponse } },
    preHandler: manage,
    handler: async (request) => service.getSettings(deps, request.ctx),
  });

  app.put('/settings/notifications', {
    schema: {
      operationId: 'updateNotificationSettings',
      tags,
      body: updateNotificationSettingsBody,
      response: { 200: notificationSettingsResponse, 400: errorResponse, 403: errorResponse },
    },
    preHandler: manage,
    handler: async (request) => service.updateSettings(deps, request.ctx, request.body),
  });

  app.post('/settings/notifications/webhook-secret', {
    schema: {
      operationId: 'rotateWebhookSecret',
      tags,
      response: { 200: webhookSecretResponse, 400: errorResponse },
    },
    preHandler: manage,
    handler: async (request) => service.rotateWebhookSecret(deps, request.ctx),
  });

  app.post('/settings/notifications/test', {
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      operationId: 'sendTestNotification',
      tags,
      body: testNotificationBody,
      response: { 200: testNotificationResponse, 400: errorResponse, 403: errorResponse },
    },
    preHandler: manage,
    handler: async (request) => {
      const user = request.authState!.user;
      return service.sendTest(deps, request.ctx, request.body.channel, user.email, user.firstName);
    },
  });

  app.get('/settings/notifications/me', {
    schema: {
      operationId: 'getMyNotificationPreference',
      tags,
      response: { 200: notificationPreferenceResponse },
    },
    preHandler: guard({ sessionOnly: true }),
    handler: async (request) => service.getPreference(deps, request.ctx),
  });

  app.put('/settings/notifications/me', {
    schema: {
      operationId: 'updateMyNotificationPreference',
      tags,
      body: notificationPreferenceBody,
      response: { 200: notificationPreferenceResponse },
    },
    preHandler: guard({ sessionOnly: true }),
    handler: async (request) => service.updatePreference(deps, request.ctx, request.body.emailMode),
  });
}
