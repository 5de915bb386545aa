import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import { ruleBody, ruleResponse, updateRuleBody } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { afterExpenseWrites } from './record-expense';
import * as rules from './rules.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['expenses'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export async function rulesRoutes(app: App) {
  const deps = app.deps;
  const write = guard({ action: 'data.write' });
  const after = (orgId: string) => (tx: DbOrTx, ids: string[]) => afterExpenseWrites(deps, tx, orgId, ids);

  app.get('/expenses/rules', {
    schema: { operationId: 'listExpenseRules', tags, response: { 200: z.array(ruleResponse) } },
    preHandler: guard(),
    handler: async (request) => rules.listRules(deps, request.ctx),
  });

  app.post('/expenses/rules', {
    schema: {
      operationId: 'createExpenseRule',
      description:
        'Merchant pattern → application; applied to unmatched expenses unless applyToExisting is false.',
      tags,
      body: ruleBody,
      response: { 201: ruleResponse, ...errors },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await rules.createRule(deps, request.ctx, request.body, after(request.ctx.orgId))),
  });

  app.patch('/expenses/rules/:id', {
    schema: {
      operationId: 'updateExpenseRule',
      tags,
      params: idParams,
      body: updateRuleBody,
      response: { 200: ruleResponse, ...errors },
    },
    preHandler: write,
    handler: async (request) =>
      rules.updateRule(deps, request.ctx, request.params.id, request.body, after(request.ctx.orgId)),
  });

  app.delete('/expenses/rules/:id', {
    schema: {
      operationId: 'deleteExpenseRule',
      tags,
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: write,
    handler: async (request, reply) => {
      await rules.deleteRule(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
