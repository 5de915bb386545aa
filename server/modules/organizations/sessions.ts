import { DAY_MS } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import type { ServiceDeps } from '../../types';
import { insertSession } from './identity.repo';

/** How long a session lives without use (the guard slides it forward; the cookie's max age). */
export const SESSION_TTL_MS = 30 * DAY_MS;

export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

/**
 * Starts a session for the user and returns its token (for the cookie; only the hash is stored).
 * Password and single sign-on logins share it; SSO opens the session in the organization it signed
 * the user into.
 */
export async function startSession(
  deps: ServiceDeps,
  userId: string,
  client: ClientInfo,
  currentOrganizationId: string | null = null,
): Promise<string> {
  const token = newToken();
  await insertSession(deps.db, {
    tokenHash: hashToken(token),
    userId,
    currentOrganizationId,
    expiresAt: new Date(deps.clock.now().getTime() + SESSION_TTL_MS),
    lastSeenAt: deps.clock.now(),
    userAgent: client.userAgent?.slice(0, 400),
    ip: client.ip,
  });
  return token;
}
