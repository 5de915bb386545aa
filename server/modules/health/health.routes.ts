import { z } from 'zod';
import { processErrorCounts } from '../../lib/process-errors';
import type { App } from '../../types';

// Errors that reached the process's last boundary (server/lib/process-errors.ts): kept running, counted.
const processErrors = z.object({
  unhandledRejections: z.number().int(),
  uncaughtExceptions: z.number().int(),
});

/** Liveness and readiness probes, outside /api so load balancers need no session. */
export async function healthRoutes(app: App) {
  app.get('/healthz', {
    schema: {
      operationId: 'healthz',
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    schema: {
      operationId: 'readyz',
      tags: ['health'],
      response: {
        200: z.object({ status: z.literal('ready'), database: z.string(), processErrors }),
        503: z.object({ status: z.string(), message: z.string(), code: z.string() }),
      },
    },
    handler: async (request, reply) => {
      try {
        await app.deps.database.ping();
        return {
          status: 'ready' as const,
          database: app.deps.database.kind,
          processErrors: processErrorCounts(),
        };
      } catch (error) {
        request.log.error({ err: error }, 'Readiness check failed');
        return reply
          .status(503)
          .send({ status: 'unavailable', message: 'Database is not answering', code: 'not_ready' });
      }
    },
  });
}
