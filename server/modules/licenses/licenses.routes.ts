import { z } from 'zod';
import {
  assignmentParams,
  assignBody,
  assignmentView,
  assignResponse,
  createPoolBody,
  licenseSettings,
  licensesListQuery,
  licensesOverview,
  poolDetail,
  poolParams,
  poolResponse,
  reclaimBody,
  reclaimResponse,
  updateAssignmentBody,
  updatePoolBody,
} from '../../../common/contracts/licenses';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as assignments from './assignments.service';
import * as service from './licenses.service';

const tags = ['licenses'];

// Licenses need Growth (spec §6): every route here is gated on the 'licenses' feature.
export async function licensesRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'licenses' });
  const write = guard({ action: 'data.write', feature: 'licenses' });

  app.get('/licenses', {
    schema: {
      operationId: 'listLicensePools',
      tags,
      querystring: licensesListQuery,
      response: { 200: licensesOverview },
    },
    preHandler: read,
    handler: async (request) => service.licensesOverview(deps, request.ctx, request.query),
  });

  app.get('/licenses/settings', {
    schema: { operationId: 'getLicenseSettings', tags, response: { 200: licenseSettings } },
    preHandler: read,
    handler: async (request) => ({ inactivityDays: request.ctx.org.licenseInactivityDays as 30 | 60 | 90 }),
  });

  app.put('/licenses/settings', {
    schema: {
      operationId: 'updateLicenseSettings',
      tags,
      body: licenseSettings,
      response: { 200: licenseSettings },
    },
    preHandler: guard({ action: 'settings.manage', feature: 'licenses' }),
    handler: async (request) => service.updateLicenseSettings(deps, request.ctx, request.body),
  });

  app.post('/licenses', {
    schema: { operationId: 'createLicensePool', tags, body: createPoolBody, response: { 201: poolResponse } },
    preHandler: write,
    handler: async (request, reply) =>
      reply.status(201).send(await service.createPool(deps, request.ctx, request.body)),
  });

  app.get('/licenses/:poolId', {
    schema: { operationId: 'getLicensePool', tags, params: poolParams, response: { 200: poolDetail } },
    preHandler: read,
    handler: async (request) => service.poolDetail(deps, request.ctx, request.params.poolId),
  });

  app.patch('/licenses/:poolId', {
    schema: {
      operationId: 'updateLicensePool',
      tags,
      params: poolParams,
      body: updatePoolBody,
      response: { 200: poolResponse },
    },
    preHandler: write,
    handler: async (request) => service.updatePool(deps, request.ctx, request.params.poolId, request.body),
  });

  app.delete('/licenses/:poolId', {
    schema: { operationId: 'deleteLicensePool', tags, params: poolParams, response: { 204: z.null() } },
    preHandler: write,
    handler: async (request, reply) => {
      await service.deletePool(deps, request.ctx, request.params.poolId);
      return reply.status(204).send(null);
    },
  });

  app.post('/licenses/:poolId/assignments', {
    schema: {
      operationId: 'assignLicenses',
      tags,
      params: poolParams,
      body: assignBody,
      response: { 201: assignResponse },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await assignments.assignPeople(deps, request.ctx, request.params.poolId, request.body)),
  });

  app.patch('/licenses/:poolId/assignments/:assignmentId', {
    schema: {
      operationId: 'updateLicenseAssignment',
      tags,
      params: assignmentParams,
      body: updateAssignmentBody,
      response: { 200: assignmentView },
    },
    preHandler: write,
    handler: async (request) =>
      assignments.updateSeatDates(
        deps,
        request.ctx,
        request.params.poolId,
        request.params.assignmentId,
        request.body,
      ),
  });

  app.delete('/licenses/:poolId/assignments/:assignmentId', {
    schema: {
      operationId: 'unassignLicense',
      tags,
      params: assignmentParams,
      response: { 200: assignmentView },
    },
    preHandler: write,
    handler: async (request) =>
      assignments.unassign(deps, request.ctx, request.params.poolId, request.params.assignmentId),
  });

  app.post('/licenses/:poolId/assignments/:assignmentId/restore', {
    schema: {
      operationId: 'restoreLicense',
      tags,
      params: assignmentParams,
      response: { 200: assignmentView },
    },
    preHandler: write,
    handler: async (request) =>
      assignments.restore(deps, request.ctx, request.params.poolId, request.params.assignmentId),
  });

  app.post('/licenses/:poolId/assignments/reclaim', {
    schema: {
      operationId: 'reclaimLicenses',
      tags,
      params: poolParams,
      body: reclaimBody,
      response: { 200: reclaimResponse },
    },
    preHandler: write,
    handler: async (request) => assignments.reclaim(deps, request.ctx, request.params.poolId, request.body),
  });
}
