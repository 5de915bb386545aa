import { z } from 'zod';
import {
  dismissNotificationsBody,
  dismissNotificationsResponse,
  notificationListQuery,
  notificationResponse,
} from '../../../common/contracts/notifications';
import { errorResponse } from '../../../common/contracts/errors';
import { notFound } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { countUnread, listNotifications } from './notification-views.repo';
import * as repo from './notifications.repo';

const idParams = z.object({ id: z.uuid() });

export async function notificationsRoutes(app: App) {
  const { db, clock } = app.deps;

  app.get('/notifications', {
    schema: {
      operationId: 'listNotifications',
      tags: ['notifications'],
      querystring: notificationListQuery,
      response: { 200: z.array(notificationResponse) },
    },
    preHandler: guard({ action: 'data.read' }),
    handler: async (request) => listNotifications(db, request.ctx.orgId, request.query),
  });

  app.get('/notifications/count', {
    schema: {
      operationId: 'countNotifications',
      tags: ['notifications'],
      response: { 200: z.object({ count: z.number() }) },
    },
    preHandler: guard({ action: 'data.read' }),
    handler: async (request) => ({ count: await countUnread(db, request.ctx.orgId) }),
  });

  app.get('/notifications/unread', {
    schema: {
      operationId: 'listUnreadNotifications',
      tags: ['notifications'],
      response: { 200: z.array(notificationResponse) },
    },
    preHandler: guard({ action: 'data.read' }),
    handler: async (request) => listNotifications(db, request.ctx.orgId, { status: 'active', limit: 50 }),
  });

  app.post('/notifications/:id/dismiss', {
    schema: {
      operationId: 'dismissNotification',
      tags: ['notifications'],
      params: idParams,
      response: { 204: z.null() },
    },
    // Dismissal is organization-wide (one dismissedAt per notification): a write, closed to viewers.
    preHandler: guard({ action: 'data.write' }),
    handler: async (request, reply) => {
      const row = await repo.dismissNotification(db, request.ctx.orgId, request.params.id, clock.now());
      if (!row) throw notFound('Notification');
      return reply.status(204).send(null);
    },
  });

  app.post('/notifications/dismiss', {
    schema: {
      operationId: 'dismissNotifications',
      description: 'Dismisses the selected notifications (ids) or every active one of a type.',
      tags: ['notifications'],
      body: dismissNotificationsBody,
      response: { 200: dismissNotificationsResponse, 400: errorResponse, 403: errorResponse },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => ({
      dismissed: await repo.dismissMany(db, request.ctx.orgId, request.body, clock.now()),
    }),
  });

  app.post('/notifications/dismiss-all', {
    schema: { operationId: 'dismissAllNotifications', tags: ['notifications'], response: { 204: z.null() } },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request, reply) => {
      await repo.dismissAll(db, request.ctx.orgId, clock.now());
      return reply.status(204).send(null);
    },
  });
}
