import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  IMPORT_JSON_BODY_LIMIT,
  IMPORT_UPLOAD_LIMIT_BYTES,
  importCommitBody,
  importCommitResponse,
  importPreviewBody,
  importPreviewResponse,
  importRemapBody,
  importStatusResponse,
  wallosImportBody,
  wallosImportResponse,
} from '../../../common/contracts/imports';
import { importDecisions } from '../../../common/contracts/import-existing';
import { importRejectedResponse } from '../../../common/contracts/import-rows';
import { badRequest } from '../../errors';
import { replyWithProgress } from '../../lib/progress-reply';
import { decodeText } from '../../lib/tabular/decode';
import { readTable, readTableInput } from '../../lib/tabular/read-table';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './imports.service';
import { importWallos } from './wallos.service';

const tags = ['imports'];
const errors = { 400: importRejectedResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Text of a multipart upload (field `file`) and its other fields. */
async function readUpload(request: Parameters<Parameters<App['post']>[1]['handler']>[0]) {
  const file = await request.file();
  if (!file) throw badRequest('Attach the file as the multipart field "file".');
  const buffer = await file.toBuffer();
  const fields: Record<string, string> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    const value = Array.isArray(part) ? part[0] : part;
    if (value && value.type === 'field') fields[name] = String(value.value);
  }
  return { buffer, filename: file.filename || null, fields };
}

/** The `decisions` field of a multipart upload: JSON in the shape of the JSON body's. */
function multipartDecisions(text: string | undefined) {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The "decisions" field is not valid JSON.');
  }
  const parsed = importDecisions.safeParse(value);
  if (!parsed.success)
    throw badRequest('The "decisions" field is not { default, rows: [{ row, decision }] }.');
  return parsed.data;
}

export async function importsRoutes(app: App) {
  const deps = app.deps;

  app.post('/subscriptions/import/preview', {
    schema: {
      operationId: 'previewSubscriptionImport',
      description:
        'Upload a CSV or XLSX (multipart field `file`, or JSON { csv }) → columns, automatic mapping, row errors.',
      tags,
      consumes: ['multipart/form-data', 'application/json'],
      body: importPreviewBody.nullish(),
      response: { 200: importPreviewResponse, ...errors },
    },
    bodyLimit: IMPORT_JSON_BODY_LIMIT,
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => {
      if (request.isMultipart()) {
        const upload = await readUpload(request);
        return service.previewCsv(deps, request.ctx, await readTable(upload.buffer), upload.filename);
      }
      if (!request.body) throw badRequest('Upload a CSV file or send { csv }.');
      return service.previewCsv(
        deps,
        request.ctx,
        await readTableInput(request.body),
        request.body.filename ?? null,
      );
    },
  });

  app.post('/subscriptions/import/remap', {
    schema: {
      operationId: 'remapSubscriptionImport',
      description: 'The preview again with an edited column mapping or date format.',
      tags,
      body: importRemapBody,
      response: { 200: importPreviewResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => service.remapCsv(deps, request.ctx, request.body),
  });

  app.post('/subscriptions/import/commit', {
    schema: {
      operationId: 'commitSubscriptionImport',
      description:
        'Imports in one transaction: an invalid row → 400 with `errors` (line, field, message) and nothing stored, unless skipInvalid. ' +
        'With `Accept: application/x-ndjson` the answer streams `{"progress":{phase,done,total}}` lines, then one ' +
        '`{"status","body"}` line with the result or error.',
      tags,
      body: importCommitBody,
      response: { 201: importCommitResponse, ...errors },
    },
    bodyLimit: IMPORT_UPLOAD_LIMIT_BYTES,
    preHandler: guard({ action: 'data.write' }),
    handler: async (request, reply) =>
      replyWithProgress(request, reply, { status: 201, schema: importCommitResponse }, (onProgress) =>
        service.commitCsv(deps, request.ctx, request.body, onProgress),
      ),
  });

  app.post('/subscriptions/import/wallos', {
    schema: {
      operationId: 'importWallos',
      description:
        'Imports a Wallos JSON export: JSON { data, skipInvalid, dryRun } or multipart field `file`.',
      tags,
      consumes: ['application/json', 'multipart/form-data'],
      body: wallosImportBody.nullish(),
      response: { 200: wallosImportResponse, 201: wallosImportResponse, ...errors },
    },
    bodyLimit: IMPORT_UPLOAD_LIMIT_BYTES,
    preHandler: guard({ action: 'data.write' }),
    handler: async (request, reply) => {
      let input;
      if (request.isMultipart()) {
        const upload = await readUpload(request);
        let data: unknown;
        try {
          data = JSON.parse(decodeText(upload.buffer).text);
        } catch {
          throw badRequest('The Wallos export is not valid JSON.');
        }
        input = {
          data,
          skipInvalid: upload.fields.skipInvalid === 'true',
          dryRun: upload.fields.dryRun === 'true',
          decisions: multipartDecisions(upload.fields.decisions),
        };
      } else {
        if (!request.body) throw badRequest('Send the Wallos export as { data } or upload it as "file".');
        input = request.body;
      }
      const result = await importWallos(deps, request.ctx, input);
      return reply.status(result.dryRun ? 200 : 201).send(result);
    },
  });

  app.get('/imports/:id', {
    schema: {
      operationId: 'getImport',
      tags,
      params: z.object({ id: z.uuid() }),
      response: { 200: importStatusResponse, 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.importStatus(deps, request.ctx, request.params.id),
  });
}
