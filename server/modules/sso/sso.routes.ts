import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  oidcCallbackQuery,
  SSO_ERROR_MESSAGES,
  ssoConnectionBody,
  ssoConnectionResponse,
  ssoStartQuery,
} from '../../../common/contracts/sso';
import { AppError } from '../../errors';
import { guard, setSessionCookie } from '../../plugins/auth';
import type { App } from '../../types';
import { finishOidcSignIn } from './oidc';
import { getConnection, saveConnection, startSignIn } from './sso.service';

const tags = ['sso'];
const AUTH_WINDOW = '15 minutes';

/** Where a failed sign-in lands: the login page, which shows the code's message. */
export const ssoErrorRedirect = (error: unknown) => {
  const code = error instanceof AppError && error.code in SSO_ERROR_MESSAGES ? error.code : 'sso_failed';
  return `/auth/login?sso_error=${code}`;
};

/** Single sign-on: the organization's connection (owners and admins, Scale) and the sign-in itself (public). */
export async function ssoRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ action: 'settings.manage', feature: 'sso' });
  const limit = { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_MAX, timeWindow: AUTH_WINDOW } };
  const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

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
        const { token, returnTo } = await finishOidcSignIn(deps, search, client(request));
        setSessionCookie(reply, deps, token);
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'OIDC callback failed');
        return reply.redirect(ssoErrorRedirect(error), 302);
      }
    },
  });
}
