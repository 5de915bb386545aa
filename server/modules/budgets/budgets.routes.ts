import { z } from 'zod';
import {
  budgetHistoryQuery,
  budgetHistoryResponse,
  budgetResponse,
  createBudgetBody,
  listBudgetsQuery,
  updateBudgetBody,
} from '../../../common/contracts/budgets';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './budgets.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['budgets'];

/** Budgets need Growth (spec §6): every route is gated on the 'budget' feature. */
export async function budgetsRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'budget' });
  const write = guard({ feature: 'budget', action: 'data.write' });

  app.get('/budgets', {
    schema: {
      operationId: 'listBudgets',
      tags,
      querystring: listBudgetsQuery,
      response: { 200: z.array(budgetResponse) },
    },
    preHandler: read,
    handler: async (request) => service.listBudgets(deps, request.ctx, request.query),
  });

  app.post('/budgets', {
    schema: { operationId: 'createBudget', tags, body: createBudgetBody, response: { 201: budgetResponse } },
    preHandler: write,
    handler: async (request, reply) =>
      reply.status(201).send(await service.createBudget(deps, request.ctx, request.body)),
  });

  app.get('/budgets/:id', {
    schema: { operationId: 'getBudget', tags, params: idParams, response: { 200: budgetResponse } },
    preHandler: read,
    handler: async (request) => service.getBudget(deps, request.ctx, request.params.id),
  });

  app.get('/budgets/:id/history', {
    schema: {
      operationId: 'getBudgetHistory',
      tags,
      params: idParams,
      querystring: budgetHistoryQuery,
      response: { 200: budgetHistoryResponse },
    },
    preHandler: read,
    handler: async (request) =>
      service.getBudgetHistory(deps, request.ctx, request.params.id, request.query.months),
  });

  app.patch('/budgets/:id', {
    schema: {
      operationId: 'updateBudget',
      tags,
      params: idParams,
      body: updateBudgetBody,
      response: { 200: budgetResponse },
    },
    preHandler: write,
    handler: async (request) => service.updateBudget(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/budgets/:id', {
    schema: { operationId: 'deleteBudget', tags, params: idParams, response: { 204: z.null() } },
    preHandler: write,
    handler: async (request, reply) => {
      await service.deleteBudget(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
