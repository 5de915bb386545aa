import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env';

/**
 * Security headers (CSP, HSTS, frame and sniffing guards) on every response. helmet's middleware is
 * built once here; @fastify/helmet rebuilt it, CSP parsing included, on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'secureCookies'>): void {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // canvas-confetti (the trial welcome, spec §2) draws in a Web Worker it makes from a blob: URL.
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': env.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: env.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
