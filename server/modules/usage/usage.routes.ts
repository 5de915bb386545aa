import { usageImportBody, usageImportResponse } from '../../../common/contracts/usage';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { importUsage } from './usage.service';

/** CSV files travel as JSON strings; allow up to the 5 MB file limit plus JSON overhead. */
// A 5 MB file as base64 in JSON.
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

// Usage tracking is part of licenses (Growth).
export async function usageRoutes(app: App) {
  app.post('/usage/import', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      operationId: 'importUsage',
      tags: ['licenses'],
      body: usageImportBody,
      response: { 200: usageImportResponse },
    },
    preHandler: guard({ action: 'data.write', feature: 'licenses' }),
    handler: async (request) => importUsage(app.deps, request.ctx, request.body),
  });
}
