import { z } from 'zod';
import { failedJobsResponse, retryJobParams } from '../../../common/contracts/operations';
import { notFound } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { describeJob } from './job-descriptions';

/** Background work that used up its retries, for owners and admins to see and retry. */
export async function operationsRoutes(app: App) {
  const { queue } = app.deps;

  app.get('/operations/failed-jobs', {
    schema: {
      operationId: 'listFailedJobs',
      tags: ['operations'],
      response: { 200: failedJobsResponse },
    },
    preHandler: guard({ action: 'settings.manage' }),
    handler: async (request) => ({
      items: (await queue.failedJobs(request.ctx.orgId)).map((job) => ({
        id: job.id,
        queue: job.queue,
        description: describeJob(job.queue, job.data),
        error: job.error,
        attempts: job.retryCount + 1,
        createdAt: job.createdOn,
        failedAt: job.failedOn,
      })),
    }),
  });

  app.post('/operations/failed-jobs/:queue/:id/retry', {
    schema: {
      operationId: 'retryFailedJob',
      tags: ['operations'],
      params: retryJobParams,
      response: { 204: z.null() },
    },
    preHandler: guard({ action: 'settings.manage' }),
    handler: async (request, reply) => {
      const { queue: name, id } = request.params;
      if (!(await queue.retry(request.ctx.orgId, name, id))) throw notFound('Failed job');
      return reply.status(204).send(null);
    },
  });
}
