import { z } from 'zod';
import { catalogAppResponse, catalogQuery, catalogSearchResponse } from '../../../common/contracts/catalog';
import { errorResponse } from '../../../common/contracts/errors';
import { notFound } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { findCatalogApp, logoSvg, presentCatalogApp, searchCatalogApps } from './catalog-lookup';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

export async function catalogRoutes(app: App) {
  app.get('/catalog', {
    schema: {
      operationId: 'searchCatalog',
      description: 'Typo-tolerant search of the SaaS catalogue; an empty q lists the most popular apps.',
      tags: ['catalog'],
      querystring: catalogQuery,
      response: { 200: catalogSearchResponse },
    },
    preHandler: guard(),
    handler: async (request) => ({
      items: searchCatalogApps(request.query.q, request.query.limit).map(presentCatalogApp),
    }),
  });

  app.get('/catalog/:slug', {
    schema: {
      operationId: 'getCatalogApp',
      tags: ['catalog'],
      params: slugParams,
      response: { 200: catalogAppResponse, 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => {
      const found = findCatalogApp(request.params.slug);
      if (!found) throw notFound('Catalogue application');
      return presentCatalogApp(found);
    },
  });

  // An <img>-able logo; the catalogue is the same for everyone, so browsers may cache it for a day.
  app.get('/catalog/:slug/logo.svg', {
    schema: { operationId: 'getCatalogLogo', tags: ['catalog'], params: slugParams },
    preHandler: guard({ org: false }),
    handler: async (request, reply) => {
      const svg = logoSvg(request.params.slug);
      if (!svg) throw notFound('Logo');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=86400')
        .send(svg);
    },
  });
}
