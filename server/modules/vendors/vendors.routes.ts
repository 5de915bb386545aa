import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  createVendorBody,
  listVendorsQuery,
  updateVendorBody,
  vendorDetailResponse,
  vendorResponse,
} from '../../../common/contracts/vendors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './vendors.service';

const tags = ['vendors'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
/** Viewing vendors is Starter; creating, editing and deleting them needs Growth (spec §6). */
const canEdit = () => guard({ action: 'data.write', feature: 'vendorEditing' });

export async function vendorsRoutes(app: App) {
  const deps = app.deps;

  app.get('/vendors', {
    schema: {
      operationId: 'listVendors',
      tags,
      querystring: listVendorsQuery,
      response: { 200: z.array(vendorResponse) },
    },
    preHandler: guard({ feature: 'vendors' }),
    handler: async (request) => service.listVendors(deps, request.ctx, request.query),
  });

  app.post('/vendors', {
    schema: {
      operationId: 'createVendor',
      tags,
      body: createVendorBody,
      response: { 201: vendorDetailResponse, ...errors },
    },
    preHandler: canEdit(),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createVendor(deps, request.ctx, request.body)),
  });

  app.get('/vendors/:id', {
    schema: {
      operationId: 'getVendor',
      tags,
      params: idParams,
      response: { 200: vendorDetailResponse, 404: errorResponse },
    },
    preHandler: guard({ feature: 'vendors' }),
    handler: async (request) => service.getVendor(deps, request.ctx, request.params.id),
  });

  app.patch('/vendors/:id', {
    schema: {
      operationId: 'updateVendor',
      tags,
      params: idParams,
      body: updateVendorBody,
      response: { 200: vendorDetailResponse, ...errors },
    },
    preHandler: canEdit(),
    handler: async (request) => service.updateVendor(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/vendors/:id', {
    schema: { operationId: 'deleteVendor', tags, params: idParams, response: { 204: z.null(), ...errors } },
    preHandler: canEdit(),
    handler: async (request, reply) => {
      await service.deleteVendor(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
