import { z } from 'zod';
import {
  organizationDetail,
  organizationSummary,
  updateOrganizationBody,
} from '../../../common/contracts/organizations';
import { errorResponse } from '../../../common/contracts/errors';
import { switchOrganizationBody } from '../../../common/contracts/team';
import { can } from '../../../common/roles';
import { AppError } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import {
  listOrganizations,
  presentOrganization,
  switchOrganization,
  updateCurrentOrganization,
} from './organizations.service';

export async function organizationsRoutes(app: App) {
  const deps = app.deps;

  app.get('/organizations', {
    schema: {
      operationId: 'listOrganizations',
      tags: ['organizations'],
      response: { 200: z.array(organizationSummary) },
    },
    preHandler: guard({ org: false }),
    handler: async (request) => {
      const auth = request.authState!;
      return listOrganizations(deps, auth.user.id, auth.session.currentOrganizationId);
    },
  });

  app.get('/organization', {
    schema: {
      operationId: 'getOrganization',
      tags: ['organizations'],
      response: { 200: organizationDetail },
    },
    preHandler: guard({ allowWhenLocked: true, sessionOnly: true }),
    handler: async (request) => presentOrganization(deps, request.ctx.org, request.ctx.role),
  });

  app.patch('/organization', {
    schema: {
      operationId: 'updateOrganization',
      tags: ['organizations'],
      body: updateOrganizationBody,
      response: { 200: organizationDetail },
    },
    // Settings and the auto-renew switch stay usable while the account is read-only or locked.
    preHandler: guard({ action: 'organization.update', allowWhenLocked: true }),
    handler: async (request) => {
      if (request.body.autoRenewTrial !== undefined && !can(request.ctx.role, 'billing.manage')) {
        throw new AppError('forbidden', 'Only an owner can change billing settings.');
      }
      return updateCurrentOrganization(deps, request.ctx, request.body);
    },
  });

  app.post('/organizations/switch', {
    schema: {
      operationId: 'switchOrganization',
      tags: ['organizations'],
      body: switchOrganizationBody,
      response: { 200: organizationDetail, 404: errorResponse },
    },
    preHandler: guard({ org: false }),
    handler: async (request) => switchOrganization(deps, request.authState!, request.body.organizationId),
  });
}
