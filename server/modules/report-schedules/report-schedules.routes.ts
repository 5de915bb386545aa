import { z } from 'zod';
import {
  createReportScheduleBody,
  reportDeliveryResponse,
  reportScheduleResponse,
  updateReportScheduleBody,
} from '../../../common/contracts/reports';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import type { RenderReport } from './deliver';
import {
  createReportSchedule,
  deleteReportSchedule,
  listReportDeliveries,
  listReportSchedules,
  sendReportNow,
  updateReportSchedule,
} from './report-schedules.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['report-schedules'];

/**
 * Scheduled report delivery (Growth). Everyone in the organization sees the schedules and their
 * history; owners and admins (settings.manage) create, change, delete and send them, since they
 * e-mail the organization's figures, possibly outside it.
 */
export function reportSchedulesRoutes(render: RenderReport) {
  return async function routes(app: App) {
    const deps = app.deps;
    const read = guard({ feature: 'reports' });
    const manage = guard({ feature: 'reports', action: 'settings.manage' });

    app.get('/report-schedules', {
      schema: {
        operationId: 'listReportSchedules',
        tags,
        response: { 200: z.array(reportScheduleResponse) },
      },
      preHandler: read,
      handler: async (request) => listReportSchedules(deps, request.ctx),
    });

    app.get('/report-schedules/deliveries', {
      schema: {
        operationId: 'listReportDeliveries',
        tags,
        response: { 200: z.array(reportDeliveryResponse) },
      },
      preHandler: read,
      handler: async (request) => listReportDeliveries(deps, request.ctx),
    });

    app.post('/report-schedules', {
      schema: {
        operationId: 'createReportSchedule',
        tags,
        body: createReportScheduleBody,
        response: { 201: reportScheduleResponse },
      },
      preHandler: manage,
      handler: async (request, reply) => {
        reply.code(201);
        return createReportSchedule(deps, request.ctx, request.body);
      },
    });

    app.patch('/report-schedules/:id', {
      schema: {
        operationId: 'updateReportSchedule',
        tags,
        params: idParams,
        body: updateReportScheduleBody,
        response: { 200: reportScheduleResponse },
      },
      preHandler: manage,
      handler: async (request) => updateReportSchedule(deps, request.ctx, request.params.id, request.body),
    });

    app.delete('/report-schedules/:id', {
      schema: { operationId: 'deleteReportSchedule', tags, params: idParams, response: { 204: z.null() } },
      preHandler: manage,
      handler: async (request, reply) => {
        await deleteReportSchedule(deps, request.ctx, request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.post('/report-schedules/:id/send', {
      schema: {
        operationId: 'sendReportScheduleNow',
        tags,
        params: idParams,
        response: { 200: reportDeliveryResponse },
      },
      preHandler: manage,
      handler: async (request) => sendReportNow(deps, render, request.ctx, request.params.id),
    });
  };
}
