import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Endpoints called by other servers (signed on their own), not by browsers. */
const MACHINE_ENDPOINTS = ['/api/stripe/webhook', '/api/inbound/'];

function isAllowedOrigin(request: FastifyRequest, origin: string, appOrigin: string): boolean {
  if (origin === appOrigin) return true;
  // Same-origin requests through another host name (127.0.0.1 vs localhost) are not cross-site.
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * CSRF defence: a state-changing request must be JSON (or multipart for uploads), which a
 * cross-site form cannot send without a CORS preflight, and a present Origin must be ours.
 */
export function registerCsrfGuard(app: FastifyInstance, appOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (MACHINE_ENDPOINTS.some((p) => request.url.startsWith(p))) return;
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      throw new AppError('csrf_rejected', 'State-changing requests must be sent as application/json.');
    }
    const origin = request.headers.origin;
    if (origin && !isAllowedOrigin(request, origin, appOrigin)) {
      throw new AppError('csrf_rejected', 'Cross-site request refused.');
    }
  });
}
