import { z } from 'zod';
import { errorResponse } from '../../../../common/contracts/errors';
import { notFound } from '../../../errors';
import type { App } from '../../../types';
import { findOrganization } from '../../organizations';
import { spMetadataXml } from './service-provider';

const orgParams = z.object({ orgId: z.string().uuid() });

/** The SAML service provider's public endpoints, one set per organization. */
export async function samlRoutes(app: App) {
  const deps = app.deps;
  const tags = ['sso'];

  // What an admin gives their IdP (or it fetches): our entity id, ACS and wanted signing.
  app.get('/auth/sso/saml/:orgId/metadata', {
    schema: {
      operationId: 'samlServiceProviderMetadata',
      tags,
      params: orgParams,
      response: { 200: z.string(), 404: errorResponse },
    },
    handler: async (request, reply) => {
      const { orgId } = request.params;
      if (!(await findOrganization(deps.db, orgId))) throw notFound('Organization');
      return reply
        .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
        .send(spMetadataXml(deps.env, orgId));
    },
  });
}
