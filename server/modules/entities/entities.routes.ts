import { z } from 'zod';
import {
  brandListResponse,
  brandResponse,
  createBrandBody,
  createEntityBody,
  deleteEntityOrBrandQuery,
  departmentAllocationsBody,
  entityListResponse,
  entityResponse,
  updateBrandBody,
  updateEntityBody,
} from '../../../common/contracts/entities';
import { errorResponse } from '../../../common/contracts/errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as allocations from './allocations.service';
import { logoHeaders, readLogoUpload } from './brand-logo';
import * as brands from './brands.service';
import * as entities from './entities.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['entities'];
const departmentAllocationsResponse = z.object({
  items: z.array(z.object({ department: z.string(), entityId: z.string(), brandId: z.string() })),
});

/**
 * Entities and brands are configuration (owners and admins) and need Scale to change; reading them
 * works on every plan, so a downgraded organization keeps seeing what it made.
 */
export async function entitiesRoutes(app: App) {
  const deps = app.deps;
  const read = guard();
  const writeEntities = guard({ feature: 'entities', action: 'settings.manage' });
  const writeBrands = guard({ feature: 'brands', action: 'settings.manage' });

  app.get('/entities', {
    schema: { operationId: 'listEntities', tags, response: { 200: entityListResponse } },
    preHandler: read,
    handler: async (request) => entities.listEntities(deps, request.ctx),
  });

  app.post('/entities', {
    schema: { operationId: 'createEntity', tags, body: createEntityBody, response: { 201: entityResponse } },
    preHandler: writeEntities,
    handler: async (request, reply) =>
      reply.status(201).send(await entities.createEntity(deps, request.ctx, request.body)),
  });

  app.get('/entities/:id', {
    schema: { operationId: 'getEntity', tags, params: idParams, response: { 200: entityResponse } },
    preHandler: read,
    handler: async (request) => entities.getEntity(deps, request.ctx, request.params.id),
  });

  app.patch('/entities/:id', {
    schema: {
      operationId: 'updateEntity',
      tags,
      params: idParams,
      body: updateEntityBody,
      response: { 200: entityResponse },
    },
    preHandler: writeEntities,
    handler: async (request) => entities.updateEntity(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/entities/:id', {
    schema: {
      operationId: 'deleteEntity',
      tags,
      params: idParams,
      querystring: deleteEntityOrBrandQuery,
      response: { 204: z.null(), 409: errorResponse },
    },
    preHandler: writeEntities,
    handler: async (request, reply) => {
      await entities.deleteEntity(deps, request.ctx, request.params.id, request.query.reassignTo);
      return reply.status(204).send(null);
    },
  });

  app.get('/brands', {
    schema: { operationId: 'listBrands', tags, response: { 200: brandListResponse } },
    preHandler: read,
    handler: async (request) => brands.listBrands(deps, request.ctx),
  });

  app.post('/brands', {
    schema: { operationId: 'createBrand', tags, body: createBrandBody, response: { 201: brandResponse } },
    preHandler: writeBrands,
    handler: async (request, reply) =>
      reply.status(201).send(await brands.createBrand(deps, request.ctx, request.body)),
  });

  app.get('/brands/:id', {
    schema: { operationId: 'getBrand', tags, params: idParams, response: { 200: brandResponse } },
    preHandler: read,
    handler: async (request) => brands.getBrand(deps, request.ctx, request.params.id),
  });

  app.patch('/brands/:id', {
    schema: {
      operationId: 'updateBrand',
      tags,
      params: idParams,
      body: updateBrandBody,
      response: { 200: brandResponse },
    },
    preHandler: writeBrands,
    handler: async (request) => brands.updateBrand(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/brands/:id', {
    schema: {
      operationId: 'deleteBrand',
      tags,
      params: idParams,
      querystring: deleteEntityOrBrandQuery,
      response: { 204: z.null(), 409: errorResponse },
    },
    preHandler: writeBrands,
    handler: async (request, reply) => {
      await brands.deleteBrand(deps, request.ctx, request.params.id, request.query.reassignTo);
      return reply.status(204).send(null);
    },
  });

  app.put('/brands/:id/logo', {
    schema: {
      operationId: 'uploadBrandLogo',
      tags,
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: brandResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse },
    },
    preHandler: writeBrands,
    handler: async (request) => {
      await brands.getBrand(deps, request.ctx, request.params.id); // 404 before reading the upload
      return brands.putLogo(deps, request.ctx, request.params.id, await readLogoUpload(request));
    },
  });

  app.get('/brands/:id/logo', {
    schema: {
      operationId: 'getBrandLogo',
      tags,
      params: idParams,
      response: { 200: z.unknown().describe('The logo image'), 404: errorResponse },
    },
    preHandler: read,
    handler: async (request, reply) => {
      const logo = await brands.openLogo(deps, request.ctx, request.params.id);
      return reply
        .headers({ ...logoHeaders(logo.type), 'content-length': String(logo.size) })
        .send(logo.stream);
    },
  });

  app.delete('/brands/:id/logo', {
    schema: { operationId: 'deleteBrandLogo', tags, params: idParams, response: { 204: z.null() } },
    preHandler: writeBrands,
    handler: async (request, reply) => {
      await brands.deleteLogo(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/department-allocations', {
    schema: {
      operationId: 'listDepartmentAllocations',
      tags,
      response: { 200: departmentAllocationsResponse },
    },
    preHandler: read,
    handler: async (request) => allocations.getDepartmentAllocations(deps, request.ctx),
  });

  app.put('/department-allocations', {
    schema: {
      operationId: 'putDepartmentAllocations',
      tags,
      body: departmentAllocationsBody,
      response: { 200: departmentAllocationsResponse },
    },
    preHandler: writeBrands,
    handler: async (request) => allocations.putDepartmentAllocations(deps, request.ctx, request.body),
  });
}
