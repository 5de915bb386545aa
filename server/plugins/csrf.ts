import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { bearerToken } from './auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Endpoints called by other servers (signed on their own), not by browsers. */
const MACHINE_ENDPOINTS = ['/api/stripe/webhook', '/api/inbound/'];
/**
 * The SAML ACS: identity providers make the browser post the response there cross-site, as a
 * form. The assertion's signature, audience and InResponseTo are its proof, not the origin.
 */
const SAML_ACS = /^\/api\/auth\/sso\/saml\/[0-9a-f-]{36}\/acs(?:\?|$)/i;

function isAllowedOrigin(request: FastifyRequest, origin: string, appOrigin: string): boolean {
  if (origin === appOrigin) return true;
  // Same-origin requests through another host name (127.0.0.1 vs localhost) are not cross-site.
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** No payload at all: no content type, no length (or 0) and no chunked body. */
function hasNoBody(request: FastifyRequest): boolean {
  const { headers } = request;
  const length = headers['content-length'];
  return (
    !headers['content-type'] && !headers['transfer-encoding'] && (length === undefined || length === '0')
  );
}

/**
 * CSRF defence for state-changing API requests. Refused: any request a browser marks as coming
 * from another site (Sec-Fetch-Site) or whose Origin is not ours, unless it is an API call
 * (Bearer token, no cookies); bodies a cross-site form can send
 * without a CORS preflight (form-encoded, text/plain). Accepted, when nothing marks them as
 * cross-site: JSON, multipart uploads, and requests with no payload at all (spec §7's logout,
 * dismiss and delete calls).
 */
export function registerCsrfGuard(app: FastifyInstance, appOrigin: string): void {
  // A callback hook: reads (most requests) pass without a promise of their own.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    try {
      checkStateChanging(request, appOrigin);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

function checkStateChanging(request: FastifyRequest, appOrigin: string): void {
  if (MACHINE_ENDPOINTS.some((p) => request.url.startsWith(p)) || SAML_ACS.test(request.url)) return;
  // An API call carries its key in a header a cross-site page cannot set, and no cookie to ride on.
  if (bearerToken(request) !== null && !request.headers.cookie) return;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if ((site && site !== 'same-origin') || (origin && !isAllowedOrigin(request, origin, appOrigin))) {
    throw new AppError('csrf_rejected', 'Cross-site request refused.');
  }
  if (hasNoBody(request)) return;
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  // A cross-site form could post multipart too, but every browser marks that request with its
  // Origin (and Sec-Fetch-Site), refused above.
  if (type.startsWith('application/json') || type.startsWith('multipart/form-data')) return;
  throw new AppError('csrf_rejected', 'State-changing requests must be sent as application/json.');
}
