import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  oidcCallbackQuery,
  SSO_ERROR_MESSAGES,
  ssoConnectionBody,
  ssoConnectionResponse,
  ssoDomainBody,
  ssoDomainResponse,
  ssoDomainVerifyResponse,
  ssoStartQuery,
} from '../../../common/contracts/sso';
import { AppError } from '../../errors';
import { clientOf, guard, setSessionCookie, signInRateLimit } from '../../plugins/auth';
import type { App } from '../../types';
import { addSsoDomain, deleteSsoDomain, listSsoDomains, verifySsoDomain } from './domains';
import { finishOidcSignIn } from './oidc';
import { getConnection, saveConnection, startSignIn } from './sso.service';

const tags = ['sso'];
const idParams = z.object({ id: z.uuid() });

/** Where a failed sign-in lands: the login page, which shows the code's message. */
export const ssoErrorRedirect = (error: unknown) => {
  const code = error instanceof AppError && error.code in SSO_ERROR_MESSAGES ? error.code : 'sso_failed';
  return `/auth/login?sso_error=${code}`;
};

/** Single sign-on: the organization's connection (owners and admins, Scale) and the sign-in itself (public). */
export async function ssoRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ action: 'settings.manage', feature: 'sso' });
  const limit = signInRateLimit(deps);

  app.get('/sso', {
    schema: { operationId: 'getSsoConnection', tags, response: { 200: ssoConnectionResponse } },
    preHandler: manage,
    handler: async (request) => getConnection(deps, request.ctx),
  });

  app.put('/sso', {
    schema: {
      operationId: 'saveSsoConnection',
      tags,
      body: ssoConnectionBody,
      response: { 200: ssoConnectionResponse, 400: errorResponse },
    },
    preHandler: manage,
    handler: async (request) => saveConnection(deps, request.ctx, request.body),
  });

  app.get('/sso/domains', {
    schema: { operationId: 'listSsoDomains', tags, response: { 200: z.array(ssoDomainResponse) } },
    preHandler: manage,
    handler: async (request) => listSsoDomains(deps, request.ctx),
  });

  app.post('/sso/domains', {
    schema: {
      operationId: 'addSsoDomain',
      tags,
      body: ssoDomainBody,
      response: { 201: ssoDomainResponse, 400: errorResponse, 409: errorResponse },
    },
    preHandler: manage,
    handler: async (request, reply) => {
      reply.code(201);
      return addSsoDomain(deps, request.ctx, request.body.domain);
    },
  });

  app.post('/sso/domains/:id/verify', {
    schema: {
      operationId: 'verifySsoDomain',
      tags,
      params: idParams,
      response: { 200: ssoDomainVerifyResponse, 404: errorResponse, 409: errorResponse },
    },
    preHandler: manage,
    handler: async (request) => verifySsoDomain(deps, request.ctx, request.params.id),
  });

  app.delete('/sso/domains/:id', {
    schema: {
      operationId: 'deleteSsoDomain',
      tags,
      params: idParams,
      response: { 204: z.null(), 404: errorResponse },
    },
    preHandler: manage,
    handler: async (request, reply) => {
      await deleteSsoDomain(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/auth/sso/start', {
    config: limit,
    schema: {
      operationId: 'startSsoSignIn',
      tags,
      querystring: ssoStartQuery,
      response: { 302: z.null(), 404: errorResponse },
    },
    handler: async (request, reply) => {
      const url = await startSignIn(deps, request.query.email, request.query.returnTo);
      return reply.redirect(url, 302);
    },
  });

  app.get('/auth/sso/oidc/callback', {
    config: limit,
    schema: {
      operationId: 'oidcCallback',
      tags,
      querystring: oidcCallbackQuery,
      response: { 302: z.null() },
    },
    handler: async (request, reply) => {
      const search = new URL(request.url, deps.env.appOrigin).searchParams;
      try {
        const { token, returnTo } = await finishOidcSignIn(deps, search, clientOf(request));
        setSessionCookie(reply, deps, token);
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'OIDC callback failed');
        return reply.redirect(ssoErrorRedirect(error), 302);
      }
    },
  });
}
