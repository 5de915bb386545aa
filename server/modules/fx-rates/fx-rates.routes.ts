import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  createFxRatesBody,
  deleteFxRateQuery,
  fxImportResponse,
  fxRateListResponse,
  fxRateResponse,
  listFxRatesQuery,
} from '../../../common/contracts/fx-rates';
import { readUploadedFile, UPLOAD_BODY_LIMIT } from '../../lib/upload';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './fx-rates.service';

const tags = ['fx-rates'];

/** Multi-currency is on every plan: reads for every role, writes for those who manage settings. */
export async function fxRatesRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ action: 'settings.manage' });

  app.get('/fx-rates', {
    schema: {
      operationId: 'listFxRates',
      tags,
      querystring: listFxRatesQuery,
      response: { 200: fxRateListResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.listFxRates(deps, request.ctx, request.query),
  });

  app.post('/fx-rates', {
    schema: {
      operationId: 'createFxRates',
      description: 'Enters rates by hand (1 base = rate quote); each replaces the rate of its day and pair.',
      tags,
      body: createFxRatesBody,
      response: { 201: z.array(fxRateResponse) },
    },
    preHandler: manage,
    handler: async (request, reply) =>
      reply.status(201).send(await service.createFxRates(deps, request.ctx, request.body)),
  });

  app.post('/fx-rates/import', {
    schema: {
      operationId: 'importFxRates',
      description:
        'Multipart field `file`: the ECB reference rates CSV (eurofxref.csv, eurofxref-hist.csv) or a ' +
        'table of date, base, quote and rate. Readable rates are stored in one transaction; lines that ' +
        'cannot be read come back in `errors`, unsupported currencies are counted in `skipped`.',
      tags,
      consumes: ['multipart/form-data'],
      response: { 200: fxImportResponse, 400: errorResponse, 413: errorResponse, 415: errorResponse },
    },
    bodyLimit: UPLOAD_BODY_LIMIT,
    preHandler: manage,
    handler: async (request) => service.importFxRates(deps, request.ctx, await readUploadedFile(request)),
  });

  app.delete('/fx-rates', {
    schema: {
      operationId: 'deleteFxRate',
      tags,
      querystring: deleteFxRateQuery,
      response: { 204: z.null(), 404: errorResponse },
    },
    preHandler: manage,
    handler: async (request, reply) => {
      await service.deleteFxRate(deps, request.ctx, request.query);
      return reply.status(204).send(null);
    },
  });
}
