import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { negotiationPackResponse } from '../../../common/contracts/benchmarks';
import { errorResponse } from '../../../common/contracts/errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { readLogo, resolveBranding } from '../reports';
import { getNegotiationPack } from './negotiation-pack.service';
import { packDocument } from './pack-document';
import { packMarkdown } from './pack-markdown';
import { packPdf } from './pack-pdf';

const params = z.object({ subscriptionId: z.uuid() });
const query = z.object({ format: z.enum(['json', 'md', 'pdf']).default('json') });

/** "Slack" → "slack-negotiation-pack-2026-03-10": a file name any system accepts. */
const fileName = (name: string, day: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'application'
  }-negotiation-pack-${day}`;

export async function negotiationPackRoutes(app: App) {
  const deps = app.deps;

  // Every plan and role may read it: it only gathers what the reader can already see.
  app.get('/renewals/:subscriptionId/pack', {
    schema: {
      operationId: 'getNegotiationPack',
      description:
        'The renewal negotiation pack as JSON, or as a Markdown (format=md) or PDF (format=pdf) download.',
      tags: ['renewals'],
      params,
      querystring: query,
      response: { 200: negotiationPackResponse, 404: errorResponse },
    },
    preHandler: guard({ feature: 'renewals' }),
    handler: async (request, reply) => {
      const pack = await getNegotiationPack(deps, request.ctx, request.params.subscriptionId);
      if (request.query.format === 'json') return pack;
      const base = fileName(pack.name, pack.generatedAt.toISOString().slice(0, 10));
      const doc = packDocument(pack);
      // A download, not the JSON body the response schema describes.
      const file = reply as FastifyReply;
      if (request.query.format === 'md') {
        return file
          .header('content-type', 'text/markdown; charset=utf-8')
          .header('content-disposition', `attachment; filename="${base}.md"`)
          .send(packMarkdown(doc));
      }
      // The reports' frame and branding: the organization's name, colour and logo on Scale.
      const { logoKey, ...branding } = await resolveBranding(deps, request.ctx);
      const logo = await readLogo(deps, logoKey);
      return file
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${base}.pdf"`)
        .send(await packPdf(doc, { branding, logo }));
    },
  });
}
