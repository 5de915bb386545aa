import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  acceptInvitationBody,
  acceptInvitationResponse,
  invitationIdParams,
  invitationPreview,
  invitationResponse,
  invitationSentResponse,
  invitationTokenParams,
  inviteBody,
  memberParams,
  memberResponse,
  transferOwnershipBody,
  updateMemberBody,
} from '../../../common/contracts/team';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as invitations from './invitations.service';
import * as team from './team.service';

// Plan gating (spec §6 "team" needs Growth), decided per route:
// - inviting is gated by the seat limit (Starter's single seat answers plan_limit, which opens the
//   upgrade dialog from the top-bar button on every plan);
// - changing roles and resending need the 'team' feature;
// - listing, revoking, removing and transferring ownership stay open on every plan, so an
//   organization back on Starter after a trial can still see and shrink its team.
export async function teamRoutes(app: App) {
  const deps = app.deps;
  const tags = ['team'];

  app.get('/organization/members', {
    schema: { operationId: 'listMembers', tags, response: { 200: z.array(memberResponse) } },
    preHandler: guard({ action: 'team.view', sessionOnly: true }),
    handler: async (request) => team.listMembers(deps, request.ctx),
  });

  app.patch('/organization/members/:userId', {
    schema: {
      operationId: 'updateMemberRole',
      tags,
      params: memberParams,
      body: updateMemberBody,
      response: { 200: memberResponse, 404: errorResponse, 409: errorResponse },
    },
    preHandler: guard({ action: 'team.manage', feature: 'team' }),
    handler: async (request) =>
      team.changeMemberRole(deps, request.ctx, request.params.userId, request.body.role),
  });

  app.delete('/organization/members/:userId', {
    schema: {
      operationId: 'removeMember',
      tags,
      params: memberParams,
      response: { 204: z.null(), 404: errorResponse, 409: errorResponse },
    },
    preHandler: guard({ action: 'team.manage' }),
    handler: async (request, reply) => {
      await team.removeMember(deps, request.ctx, request.params.userId);
      return reply.status(204).send(null);
    },
  });

  app.post('/organization/transfer-ownership', {
    schema: {
      operationId: 'transferOwnership',
      tags,
      body: transferOwnershipBody,
      response: { 200: z.array(memberResponse), 404: errorResponse },
    },
    preHandler: guard({ action: 'ownership.transfer' }),
    handler: async (request) => team.transferOwnership(deps, request.ctx, request.body.userId),
  });

  app.get('/organization/invitations', {
    schema: { operationId: 'listInvitations', tags, response: { 200: z.array(invitationResponse) } },
    preHandler: guard({ action: 'team.view', sessionOnly: true }),
    handler: async (request) => invitations.listInvitations(deps, request.ctx),
  });

  app.post('/organization/invitations', {
    schema: {
      operationId: 'createInvitation',
      tags,
      body: inviteBody,
      response: { 201: invitationSentResponse, 403: errorResponse, 409: errorResponse },
    },
    preHandler: guard({ action: 'team.manage' }),
    handler: async (request, reply) => {
      const created = await invitations.createInvitation(deps, request.ctx, request.body);
      return reply.status(201).send(created);
    },
  });

  app.post('/organization/invitations/:id/resend', {
    schema: {
      operationId: 'resendInvitation',
      tags,
      params: invitationIdParams,
      response: { 200: invitationSentResponse, 404: errorResponse, 409: errorResponse },
    },
    preHandler: guard({ action: 'team.manage', feature: 'team' }),
    handler: async (request) => invitations.resendInvitation(deps, request.ctx, request.params.id),
  });

  app.delete('/organization/invitations/:id', {
    schema: {
      operationId: 'revokeInvitation',
      tags,
      params: invitationIdParams,
      response: { 204: z.null(), 404: errorResponse, 409: errorResponse },
    },
    preHandler: guard({ action: 'team.manage' }),
    handler: async (request, reply) => {
      await invitations.revokeInvitation(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  // Public: the token in the e-mailed link is the credential.
  app.get('/invitations/:token', {
    schema: {
      operationId: 'getInvitation',
      tags,
      params: invitationTokenParams,
      response: { 200: invitationPreview, 400: errorResponse, 404: errorResponse },
    },
    handler: async (request) => invitations.previewInvitation(deps, request.params.token),
  });

  app.post('/invitations/accept', {
    schema: {
      operationId: 'acceptInvitation',
      tags,
      body: acceptInvitationBody,
      response: {
        200: acceptInvitationResponse,
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        404: errorResponse,
      },
    },
    preHandler: guard({ org: false }),
    handler: async (request) => invitations.acceptInvitation(deps, request.authState!, request.body.token),
  });
}
