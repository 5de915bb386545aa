import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  bulkExpenseBody,
  createExpenseBody,
  expenseListQuery,
  expenseListResponse,
  expenseTotalsQuery,
  expenseTotalsResponse,
  expenseResponse,
  matchExpenseBody,
  monthlySpendQuery,
  monthlySpendResponse,
  ruleResponse,
  updateExpenseBody,
} from '../../../common/contracts/expenses';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { attachDocument, detachDocument, documentFile } from './documents';
import * as service from './expenses.service';
import { importRoutes } from './import.routes';
import { insightRoutes } from './insights.routes';
import { rulesRoutes } from './rules.routes';
import { monthlySpend } from './spend.service';
import { readUploadedFile, UPLOAD_BODY_LIMIT } from '../../lib/upload';

const idParams = z.object({ id: z.uuid() });
const tags = ['expenses'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/** /api/expenses: the ledger, matching, rules, imports, discoveries and reconciliation. */
export async function expensesRoutes(app: App) {
  const deps = app.deps;
  const write = guard({ action: 'data.write' });
  await app.register(rulesRoutes);
  await app.register(importRoutes);
  await app.register(insightRoutes);

  app.get('/expenses', {
    schema: {
      operationId: 'listExpenses',
      description:
        'The ledger with filters, totals per currency over all pages, and keyset (cursor) or offset pages.',
      tags,
      querystring: expenseListQuery,
      response: { 200: expenseListResponse, 400: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.listExpenses(deps, request.ctx, request.query),
  });

  app.get('/expenses/totals', {
    schema: {
      operationId: 'expenseTotals',
      description: 'Count and sums per currency of the ledger rows the filters select (all pages).',
      tags,
      querystring: expenseTotalsQuery,
      response: { 200: expenseTotalsResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.expenseTotals(deps, request.ctx, request.query),
  });

  app.post('/expenses', {
    schema: {
      operationId: 'createExpense',
      tags,
      body: createExpenseBody,
      response: { 201: expenseResponse, ...errors },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply.status(201).send(await service.createExpense(deps, request.ctx, request.body)),
  });

  app.get('/expenses/monthly', {
    schema: {
      operationId: 'getMonthlySpend',
      description: 'Spend per month and category in the organization currency (ignored expenses left out).',
      tags,
      querystring: monthlySpendQuery,
      response: { 200: monthlySpendResponse },
    },
    preHandler: guard(),
    handler: async (request) => monthlySpend(deps, request.ctx, request.query),
  });

  app.post('/expenses/bulk', {
    schema: {
      operationId: 'bulkExpenses',
      tags,
      body: bulkExpenseBody,
      response: { 200: z.object({ updated: z.number() }), ...errors },
    },
    preHandler: write,
    handler: async (request) => service.bulkExpenses(deps, request.ctx, request.body),
  });

  app.get('/expenses/:id', {
    schema: {
      operationId: 'getExpense',
      tags,
      params: idParams,
      response: { 200: expenseResponse, 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.getExpense(deps, request.ctx, request.params.id),
  });

  app.patch('/expenses/:id', {
    schema: {
      operationId: 'updateExpense',
      tags,
      params: idParams,
      body: updateExpenseBody,
      response: { 200: expenseResponse, ...errors },
    },
    preHandler: write,
    handler: async (request) => service.updateExpense(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/expenses/:id', {
    schema: { operationId: 'deleteExpense', tags, params: idParams, response: { 204: z.null(), ...errors } },
    preHandler: write,
    handler: async (request, reply) => {
      await service.deleteExpense(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/expenses/:id/match', {
    schema: {
      operationId: 'matchExpense',
      description:
        'Match to an application; `learn: true` remembers the merchant for future and unmatched expenses.',
      tags,
      params: idParams,
      body: matchExpenseBody,
      response: {
        200: z.object({ expense: expenseResponse, rule: ruleResponse.nullable(), appliedCount: z.number() }),
        ...errors,
      },
    },
    preHandler: write,
    handler: async (request) => service.matchExpense(deps, request.ctx, request.params.id, request.body),
  });

  for (const [action, status] of [
    ['unmatch', 'unmatched'],
    ['ignore', 'ignored'],
  ] as const) {
    app.post(`/expenses/:id/${action}`, {
      schema: {
        operationId: `${action}Expense`,
        tags,
        params: idParams,
        response: { 200: expenseResponse, ...errors },
      },
      preHandler: write,
      handler: async (request) => service.setMatchStatus(deps, request.ctx, request.params.id, status),
    });
  }

  app.post('/expenses/:id/document', {
    schema: {
      operationId: 'attachExpenseDocument',
      description: 'Multipart field `file`: a PDF or image up to 20 MB (type checked from its content).',
      tags,
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: expenseResponse, ...errors, 413: errorResponse, 415: errorResponse },
    },
    bodyLimit: UPLOAD_BODY_LIMIT,
    preHandler: write,
    handler: async (request) =>
      attachDocument(deps, request.ctx, request.params.id, await readUploadedFile(request)),
  });

  app.get('/expenses/:id/document', {
    schema: {
      operationId: 'getExpenseDocument',
      tags,
      params: idParams,
      produces: ['application/octet-stream'],
    },
    preHandler: guard(),
    handler: async (request, reply) => {
      const file = await documentFile(deps, request.ctx, request.params.id);
      return reply
        .header('content-type', file.type)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  app.delete('/expenses/:id/document', {
    schema: {
      operationId: 'removeExpenseDocument',
      tags,
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: write,
    handler: async (request, reply) => {
      await detachDocument(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
