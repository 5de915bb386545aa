import { z } from 'zod';
import {
  confirmOffboardResponse,
  createPersonBody,
  departmentsResponse,
  offboardBody,
  offboardingPreview,
  offboardResponse,
  peopleListQuery,
  peopleListResponse,
  personIdsBody,
  personResponse,
  updatePersonBody,
} from '../../../common/contracts/people';
import {
  peopleImportBody,
  peopleImportPreview,
  peopleImportResult,
} from '../../../common/contracts/people-import';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as offboarding from './offboarding.service';
import * as imports from './people-import.service';
import * as service from './people.service';

const tags = ['people'];
const idParams = z.object({ id: z.uuid() });
/** CSV files travel as JSON strings; allow up to the 5 MB file limit plus JSON overhead. */
// A 5 MB file as base64 in JSON.
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

// Users is on every plan (spec §6): no feature gate here.
export async function peopleRoutes(app: App) {
  const deps = app.deps;
  const write = guard({ action: 'data.write' });

  app.get('/people', {
    schema: {
      operationId: 'listPeople',
      tags,
      querystring: peopleListQuery,
      response: { 200: peopleListResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.listPeople(deps, request.ctx, request.query),
  });

  app.get('/people/departments', {
    schema: { operationId: 'listDepartments', tags, response: { 200: departmentsResponse } },
    preHandler: guard(),
    handler: async (request) => service.departments(deps, request.ctx),
  });

  app.post('/people', {
    schema: { operationId: 'createPerson', tags, body: createPersonBody, response: { 201: personResponse } },
    preHandler: write,
    handler: async (request, reply) =>
      reply.status(201).send(await service.createPerson(deps, request.ctx, request.body)),
  });

  app.post('/people/import/preview', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      operationId: 'previewPeopleImport',
      tags,
      body: peopleImportBody,
      response: { 200: peopleImportPreview },
    },
    preHandler: write,
    handler: async (request) => imports.previewPeopleImport(deps, request.ctx, request.body),
  });

  app.post('/people/import/commit', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      operationId: 'commitPeopleImport',
      tags,
      body: peopleImportBody,
      response: { 200: peopleImportResult },
    },
    preHandler: write,
    handler: async (request) => imports.commitPeopleImport(deps, request.ctx, request.body),
  });

  app.post('/people/offboard-candidates/confirm', {
    schema: {
      operationId: 'confirmOffboardCandidates',
      tags,
      body: personIdsBody,
      response: { 200: confirmOffboardResponse },
    },
    preHandler: write,
    handler: async (request) => offboarding.offboardMany(deps, request.ctx, request.body.personIds),
  });

  app.get('/people/:id', {
    schema: { operationId: 'getPerson', tags, params: idParams, response: { 200: personResponse } },
    preHandler: guard(),
    handler: async (request) => service.getPerson(deps, request.ctx, request.params.id),
  });

  app.patch('/people/:id', {
    schema: {
      operationId: 'updatePerson',
      tags,
      params: idParams,
      body: updatePersonBody,
      response: { 200: personResponse },
    },
    preHandler: write,
    handler: async (request) => service.updatePerson(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/people/:id', {
    schema: { operationId: 'deletePerson', tags, params: idParams, response: { 204: z.null() } },
    preHandler: write,
    handler: async (request, reply) => {
      await service.deletePerson(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/people/:id/offboarding', {
    schema: {
      operationId: 'previewOffboarding',
      tags,
      params: idParams,
      response: { 200: offboardingPreview },
    },
    preHandler: guard(),
    handler: async (request) => offboarding.offboardingPreview(deps, request.ctx, request.params.id),
  });

  app.post('/people/:id/offboard', {
    schema: {
      operationId: 'offboardPerson',
      tags,
      params: idParams,
      body: offboardBody.nullish(),
      response: { 200: offboardResponse },
    },
    preHandler: write,
    handler: async (request) =>
      offboarding.offboardPerson(deps, request.ctx, request.params.id, request.body ?? {}),
  });

  app.post('/people/:id/reactivate', {
    schema: { operationId: 'reactivatePerson', tags, params: idParams, response: { 200: personResponse } },
    preHandler: write,
    handler: async (request) => service.reactivatePerson(deps, request.ctx, request.params.id),
  });
}
