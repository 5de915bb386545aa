import { z } from 'zod';
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  updateProfileBody,
  userResponse,
} from '../../../common/contracts/auth';
import { errorResponse } from '../../../common/contracts/errors';
import {
  clearSessionCookie,
  clientOf,
  guard,
  resolveAuth,
  setSessionCookie,
  signInRateLimit,
} from '../../plugins/auth';
import type { App } from '../../types';
import { updateUser } from '../organizations';

import * as service from './auth.service';

export async function authRoutes(app: App) {
  const deps = app.deps;
  const limit = signInRateLimit(deps);

  app.post('/auth/register', {
    schema: {
      operationId: 'register',
      tags: ['auth'],
      body: registerBody,
      response: { 201: userResponse, 409: errorResponse },
    },
    handler: async (request, reply) => {
      const { user, token } = await service.register(deps, request.body, clientOf(request));
      setSessionCookie(reply, deps, token);
      return reply.status(201).send(user);
    },
  });

  app.post('/auth/login', {
    config: limit,
    schema: {
      operationId: 'login',
      tags: ['auth'],
      body: loginBody,
      response: { 200: userResponse, 401: errorResponse },
    },
    handler: async (request, reply) => {
      const { user, token } = await service.login(deps, request.body, clientOf(request));
      setSessionCookie(reply, deps, token);
      return user;
    },
  });

  app.post('/auth/logout', {
    schema: { operationId: 'logout', tags: ['auth'], response: { 204: z.null() } },
    // Idempotent: signing out without a live session still clears the cookie.
    handler: async (request, reply) => {
      const auth = await resolveAuth(request, reply);
      if (auth) await service.logout(deps, auth.session.id, auth.user.id, request.ip);
      clearSessionCookie(reply, deps);
      return reply.status(204).send(null);
    },
  });

  app.get('/auth/user', {
    schema: {
      operationId: 'getCurrentUser',
      tags: ['auth'],
      response: { 200: userResponse, 401: errorResponse },
    },
    preHandler: guard({ org: false }),
    handler: async (request) => request.authState!.user,
  });

  app.patch('/auth/user', {
    schema: {
      operationId: 'updateProfile',
      tags: ['auth'],
      body: updateProfileBody,
      response: { 200: userResponse },
    },
    preHandler: guard({ org: false }),
    handler: async (request) => updateUser(deps.db, request.authState!.user.id, request.body),
  });

  app.post('/auth/change-password', {
    config: limit,
    schema: {
      operationId: 'changePassword',
      tags: ['auth'],
      body: changePasswordBody,
      response: { 204: z.null() },
    },
    preHandler: guard({ org: false }),
    handler: async (request, reply) => {
      const auth = request.authState!;
      await service.changePassword(
        deps,
        { userId: auth.user.id, sessionId: auth.session.id },
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/forgot-password', {
    config: limit,
    schema: {
      operationId: 'forgotPassword',
      tags: ['auth'],
      body: forgotPasswordBody,
      response: { 202: z.object({ message: z.string() }) },
    },
    handler: async (request, reply) => {
      await service.forgotPassword(deps, request.body.email);
      return reply
        .status(202)
        .send({ message: 'If an account exists for this email, a reset link is on its way.' });
    },
  });

  app.post('/auth/reset-password', {
    config: limit,
    schema: {
      operationId: 'resetPassword',
      tags: ['auth'],
      body: resetPasswordBody,
      response: { 204: z.null(), 400: errorResponse },
    },
    handler: async (request, reply) => {
      await service.resetPassword(deps, request.body.token, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  });
}
