import { errorResponse } from '../../../common/contracts/errors';
import { sessionResponse } from '../../../common/contracts/session';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { sessionBootstrap } from './session.service';

export async function sessionRoutes(app: App) {
  app.get('/session', {
    schema: {
      operationId: 'getSession',
      tags: ['auth'],
      response: { 200: sessionResponse, 401: errorResponse },
    },
    // Signed in is enough: before onboarding (no organization) the organization parts are null.
    preHandler: guard({ org: false }),
    handler: async (request) => sessionBootstrap(app.deps, request.authState!),
  });
}
