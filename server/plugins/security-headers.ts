import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env';

/**
 * Security headers (CSP, HSTS, frame and sniffing guards) on every response. helmet's middleware is
 * run once here and the headers it sets are what every response gets: none of these options depends
 * on the request (@fastify/helmet rebuilt the middleware, CSP parsing included, on every request).
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
  const headers = Object.entries(headersSetBy(apply));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers a middleware sets on a response, run once on a stand-in request and response. */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
