import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who is behind the current request, beyond the service context: where it came from and, when
 * an API key made it, which key. The audit log reads it, so every recorded change is attributed
 * without threading these through every service.
 */
export interface RequestActor {
  ip: string | null;
  userAgent: string | null;
  /** Set by the guard when the request authenticated with an API key. */
  apiKeyId: string | null;
}

const storage = new AsyncLocalStorage<RequestActor>();

/** Opens one actor per request (the pattern of @fastify/request-context: run, then continue). */
export function registerRequestActor(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    const actor: RequestActor = {
      ip: request.ip,
      userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
      apiKeyId: null,
    };
    storage.run(actor, done);
  });
}

/** The current request's actor, or undefined outside a request (jobs, scripts). */
export function currentActor(): RequestActor | undefined {
  return storage.getStore();
}
