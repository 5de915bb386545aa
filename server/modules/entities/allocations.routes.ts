import { z } from 'zod';
import { allocationParams, allocationResponse, putAllocationBody } from '../../../common/contracts/entities';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './allocations.service';

const tags = ['entities'];

/** How an application, contract, license pool, expense or budget is split; changing it needs Scale. */
export async function allocationsRoutes(app: App) {
  const deps = app.deps;
  const write = guard({ feature: 'brands', action: 'data.write' });

  app.get('/allocations/:kind/:id', {
    schema: {
      operationId: 'getAllocation',
      tags,
      params: allocationParams,
      response: { 200: allocationResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.getAllocation(deps, request.ctx, request.params),
  });

  app.put('/allocations/:kind/:id', {
    schema: {
      operationId: 'putAllocation',
      tags,
      params: allocationParams,
      body: putAllocationBody,
      response: { 200: allocationResponse },
    },
    preHandler: write,
    handler: async (request) => service.putAllocation(deps, request.ctx, request.params, request.body),
  });

  app.delete('/allocations/:kind/:id', {
    schema: { operationId: 'resetAllocation', tags, params: allocationParams, response: { 204: z.null() } },
    preHandler: write,
    handler: async (request, reply) => {
      await service.resetAllocation(deps, request.ctx, request.params);
      return reply.status(204).send(null);
    },
  });
}
