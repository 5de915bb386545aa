import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  importBatchResponse,
  importCommitBody,
  importCommitResponse,
  importOptionsBody,
  importPreviewResponse,
  importUploadResponse,
} from '../../../common/contracts/expenses';
import { importRejectedResponse } from '../../../common/contracts/import-rows';
import { replyWithProgress } from '../../lib/progress-reply';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as imports from './import.service';
import { readUploadedFile, UPLOAD_BODY_LIMIT } from '../../lib/upload';

const idParams = z.object({ id: z.uuid() });
const tags = ['expenses'];
const errors = { 400: importRejectedResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/**
 * The import wizard: upload (the browser shows upload progress) → preview with a mapping → commit.
 * The commit is one fast transaction (100,000 rows in a few seconds), so no background job is needed;
 * it streams its progress to clients that ask for NDJSON.
 */
export async function importRoutes(app: App) {
  const deps = app.deps;
  const write = guard({ action: 'data.write' });

  app.post('/expenses/import', {
    schema: {
      operationId: 'uploadExpenseStatement',
      description:
        'Multipart field `file`: CSV, OFX/QFX or QIF up to 20 MB → format, columns and detected mapping.',
      tags,
      consumes: ['multipart/form-data'],
      response: { 201: importUploadResponse, ...errors, 413: errorResponse, 415: errorResponse },
    },
    bodyLimit: UPLOAD_BODY_LIMIT,
    preHandler: write,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await imports.uploadStatement(deps, request.ctx, await readUploadedFile(request))),
  });

  app.get('/expenses/import', {
    schema: { operationId: 'listExpenseImports', tags, response: { 200: z.array(importBatchResponse) } },
    preHandler: guard(),
    handler: async (request) => imports.listImports(deps, request.ctx),
  });

  app.post('/expenses/import/:id/preview', {
    schema: {
      operationId: 'previewExpenseImport',
      tags,
      params: idParams,
      body: importOptionsBody,
      response: { 200: importPreviewResponse, ...errors },
    },
    preHandler: write,
    handler: async (request) => imports.previewImport(deps, request.ctx, request.params.id, request.body),
  });

  app.post('/expenses/import/:id/commit', {
    schema: {
      operationId: 'commitExpenseImport',
      description:
        'All rows or none; rows with errors block unless skipInvalidRows; duplicates skipped unless kept. ' +
        'With `Accept: application/x-ndjson` the answer streams `{"progress":{phase,done,total}}` lines, then one ' +
        '`{"status","body"}` line with the result or error.',
      tags,
      params: idParams,
      body: importCommitBody,
      response: { 200: importCommitResponse, ...errors },
    },
    preHandler: write,
    handler: async (request, reply) =>
      replyWithProgress(request, reply, { status: 200, schema: importCommitResponse }, (onProgress) =>
        imports.commitImport(deps, request.ctx, request.params.id, request.body, onProgress),
      ),
  });

  app.delete('/expenses/import/:id', {
    schema: {
      operationId: 'deleteExpenseImport',
      description: 'Undo an import: removes its expenses (or discards an upload not yet imported).',
      tags,
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: write,
    handler: async (request, reply) => {
      await imports.deleteImport(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
