import { z } from 'zod';
import {
  REPORT_KEYS,
  REPORT_LIBRARY,
  reportBrandingBody,
  reportBrandingResponse,
  reportDocument,
  reportListResponse,
  reportQuery,
} from '../../../common/contracts/reports';
import { errorResponse } from '../../../common/contracts/errors';
import { notFound } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { recordAudit } from '../../lib/audit';
import { logoHeaders, readLogoUpload } from '../entities';
import * as branding from './branding.service';
import { renderReport } from './render-report';

const tags = ['reports'];
const keyParams = z.object({ key: z.string().max(100) });
const isReportKey = (key: string): key is (typeof REPORT_KEYS)[number] =>
  (REPORT_KEYS as readonly string[]).includes(key);

/** Reports are Growth; branding them is Scale and, being configuration, for owners and admins. */
export async function reportsRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'reports' });
  const readBranding = guard({ feature: 'brandedReports' });
  const writeBranding = guard({ feature: 'brandedReports', action: 'settings.manage' });

  app.get('/reports', {
    schema: { operationId: 'listReports', tags, response: { 200: reportListResponse } },
    preHandler: read,
    handler: async () => REPORT_KEYS.map((key) => ({ key, ...REPORT_LIBRARY[key] })),
  });

  app.get('/reports/branding', {
    schema: { operationId: 'getReportBranding', tags, response: { 200: reportBrandingResponse } },
    preHandler: readBranding,
    handler: async (request) => branding.getBranding(deps, request.ctx),
  });

  app.put('/reports/branding', {
    schema: {
      operationId: 'updateReportBranding',
      tags,
      body: reportBrandingBody,
      response: { 200: reportBrandingResponse },
    },
    preHandler: writeBranding,
    handler: async (request) => branding.putBranding(deps, request.ctx, request.body),
  });

  app.put('/reports/branding/logo', {
    schema: {
      operationId: 'uploadReportLogo',
      tags,
      consumes: ['multipart/form-data'],
      response: { 200: reportBrandingResponse, 413: errorResponse, 415: errorResponse },
    },
    preHandler: writeBranding,
    handler: async (request) => branding.putLogo(deps, request.ctx, await readLogoUpload(request)),
  });

  app.get('/reports/branding/logo', {
    schema: {
      operationId: 'getReportLogo',
      tags,
      response: { 200: z.unknown().describe('The logo image'), 404: errorResponse },
    },
    preHandler: readBranding,
    handler: async (request, reply) => {
      const logo = await branding.getLogo(deps, request.ctx);
      return reply.headers(logoHeaders(logo.type)).send(logo.stream);
    },
  });

  app.delete('/reports/branding/logo', {
    schema: { operationId: 'deleteReportLogo', tags, response: { 200: reportBrandingResponse } },
    preHandler: writeBranding,
    handler: async (request) => branding.deleteLogo(deps, request.ctx),
  });

  app.get('/reports/:key', {
    schema: {
      operationId: 'getReport',
      description:
        'One report for a period (default: the last 12 full months; the renewals calendar: the next 90 days) as its JSON document, or as a PDF, XLSX or CSV (the table named by `table`, else every table, each under its title) download.',
      tags,
      params: keyParams,
      querystring: reportQuery,
      response: { 200: reportDocument, 404: errorResponse },
    },
    preHandler: read,
    handler: async (request, reply) => {
      const { key } = request.params;
      const { from, to, format, table } = request.query;
      if (!isReportKey(key)) throw notFound('Report');
      const report = await renderReport(deps, request.ctx, key, { from, to }, format, { table });
      if (format === 'json') {
        return { ...report.document, generatedAt: new Date(report.document.generatedAt) };
      }
      // A file leaves the product: audited like the other data exports.
      await recordAudit(deps.db, request.ctx, {
        action: 'report.export',
        entityType: 'report',
        entityId: key,
        changes: { format, from: report.document.from, to: report.document.to, ...(table ? { table } : {}) },
      });
      return reply
        .header('content-type', report.contentType)
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .send(report.body as never); // bytes: Fastify sends a Buffer as is, past the JSON schema
    },
  });
}
