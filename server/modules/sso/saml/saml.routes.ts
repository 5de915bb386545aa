import { z } from 'zod';
import { errorResponse } from '../../../../common/contracts/errors';
import { AppError, notFound } from '../../../errors';
import { acceptFormBodies } from '../../../lib/form-body';
import { clientOf, setSessionCookie, signInRateLimit } from '../../../plugins/auth';
import type { App } from '../../../types';
import { findOrganization } from '../../organizations';
import { ssoErrorRedirect } from '../sso.routes';
import { SamlRefused } from './saml-response';
import { finishSamlSignIn } from './saml-sign-in';
import { spMetadataXml } from './service-provider';

const orgParams = z.object({ orgId: z.uuid() });
/** A signed response with a few hundred groups stays well under this. */
const ACS_BODY_LIMIT = 1024 * 1024;

/** The SAML service provider's public endpoints, one set per organization. */
export async function samlRoutes(app: App) {
  const deps = app.deps;
  const tags = ['sso'];
  const limit = signInRateLimit(deps);

  // The IdP makes the browser post the response as a form (HTTP-POST binding).
  acceptFormBodies(app, ACS_BODY_LIMIT);

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

  // The assertion consumer service: a session and the app, or the login page saying why not.
  app.post('/auth/sso/saml/:orgId/acs', {
    config: limit,
    bodyLimit: ACS_BODY_LIMIT,
    schema: {
      operationId: 'samlAssertionConsumer',
      tags,
      params: orgParams,
      body: z.object({ SAMLResponse: z.string().min(1), RelayState: z.string().max(200).optional() }),
      response: { 303: z.null(), 400: errorResponse },
    },
    handler: async (request, reply) => {
      try {
        const { token, returnTo } = await finishSamlSignIn(
          deps,
          request.params.orgId,
          request.body,
          clientOf(request),
        );
        setSessionCookie(reply, deps, token);
        return reply.redirect(returnTo, 303);
      } catch (error) {
        if (error instanceof SamlRefused) {
          // The reason (audience, signature…) helps the admin; the person signing in gets the code.
          request.log.warn({ orgId: request.params.orgId, reason: error.message }, 'SAML response refused');
          return reply.redirect(`/auth/login?sso_error=${error.code}`, 303);
        }
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'SAML sign-in failed');
        return reply.redirect(ssoErrorRedirect(error), 303);
      }
    },
  });
}
