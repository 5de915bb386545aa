import { z } from 'zod';
import {
  attestationListQuery,
  attestationView,
  isAttestationAnswer,
  respondQuery,
  sendAttestationBody,
  sendAttestationResponse,
} from '../../../common/contracts/attestations';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './attestations.service';

const tags = ['licenses'];

export async function attestationsRoutes(app: App) {
  const deps = app.deps;

  app.post('/attestations', {
    schema: {
      operationId: 'sendAttestations',
      tags,
      body: sendAttestationBody,
      response: { 201: sendAttestationResponse },
    },
    preHandler: guard({ action: 'data.write', feature: 'licenses' }),
    handler: async (request, reply) =>
      reply.status(201).send(await service.sendAttestations(deps, request.ctx, request.body)),
  });

  app.get('/attestations', {
    schema: {
      operationId: 'listAttestations',
      tags,
      querystring: attestationListQuery,
      response: { 200: z.array(attestationView) },
    },
    preHandler: guard({ feature: 'licenses' }),
    handler: async (request) => service.listAttestations(deps, request.ctx, request.query.subscriptionId),
  });

  // Public: the seat holder clicks a link in an e-mail, without an account. No HEAD twin, so a
  // mail scanner's HEAD probe cannot spend the link; the answer lands on a thank-you page.
  app.get('/attestations/respond', {
    exposeHeadRoute: false,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { operationId: 'respondToAttestation', tags, querystring: respondQuery },
    handler: async (request, reply) => {
      const { token, answer } = request.query;
      const result = isAttestationAnswer(answer)
        ? await service.respondToAttestation(deps, token, answer)
        : 'invalid';
      return reply.header('Cache-Control', 'no-store').redirect(`/attest/done?result=${result}`, 303);
    },
  });
}
