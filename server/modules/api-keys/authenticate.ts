// The API-key half of the guard (server/plugins/auth.ts): who a key acts as, its per-minute budget,
// and the traces of its use.
import type { Role } from '../../../common/roles';
import {
  API_AREA_IDS,
  API_AREAS,
  hasWriteScope,
  type ApiArea,
  type ApiScope,
} from '../../../common/contracts/api-keys';
import { API_KEY_PREFIX } from '../../../common/security';
import { AppError } from '../../errors';
import { spendCallBudget, type CallBudget } from '../../lib/rate-limit/budget';
import { hitRateLimit } from '../../lib/rate-limit/counter';
import { hashToken } from '../../lib/tokens';
import type { ServiceDeps } from '../../types';
import { recordAuditWithoutContext } from '../../lib/audit';
import { findCredentialCreator } from '../organizations';
import { findKeyByHash, touchKeyUse, type ApiKeyRow } from './api-keys.repo';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

const invalidKey = (message: string) => new AppError('invalid_api_key', message);

export interface ApiKeyAuth {
  key: ApiKeyRow;
  userId: string;
  /** `member` with any write scope, else `viewer`: never enough for team, billing or settings. */
  role: Extract<Role, 'member' | 'viewer'>;
  membership: NonNullable<Awaited<ReturnType<typeof findCredentialCreator>>>;
}

/**
 * The live key behind a Bearer token, acting for its creator: refused when unknown, revoked,
 * expired, or when its creator is no longer an owner or admin of its organization.
 */
export async function authenticateApiKey(deps: ServiceDeps, token: string, now: Date): Promise<ApiKeyAuth> {
  const key =
    token.startsWith(API_KEY_PREFIX) && token.length <= 200
      ? await findKeyByHash(deps.db, hashToken(token))
      : null;
  if (!key) throw invalidKey('This API key is not valid. Check it was copied whole, or create a new one.');
  if (key.revokedAt) throw invalidKey('This API key was revoked.');
  if (key.expiresAt && key.expiresAt <= now) throw invalidKey('This API key has expired.');
  const membership = await findCredentialCreator(deps.db, key.createdBy, key.organizationId);
  if (!membership) {
    throw invalidKey(
      'The person who created this API key is no longer an owner or admin of the organization.',
    );
  }
  return {
    key,
    userId: membership.user.id,
    role: hasWriteScope(key.scopes) ? 'member' : 'viewer',
    membership,
  };
}

export type ApiKeyBudget = CallBudget;

/** Counts one call against the key's per-minute limit (shared by every server through the database). */
export async function spendApiKeyBudget(deps: ServiceDeps, keyId: string): Promise<ApiKeyBudget> {
  return spendCallBudget(deps.db, {
    bucket: 'api-key',
    key: keyId,
    limit: deps.env.API_RATE_LIMIT_PER_MINUTE,
  });
}

/**
 * Shows when and from where a key was last used (one write a minute at most) and records its use in
 * the audit log once an hour at most, not on every call.
 */
export async function recordApiKeyUse(
  deps: ServiceDeps,
  key: ApiKeyRow,
  ip: string,
  now: Date,
): Promise<void> {
  const stamped = await touchKeyUse(deps.db, key.id, now, ip, new Date(now.getTime() - MINUTE_MS));
  if (!stamped) return;
  const hour = await hitRateLimit(deps.db, { bucket: 'api-key-used', key: key.id, windowMs: HOUR_MS });
  if (hour.count > 1) return;
  await recordAuditWithoutContext(deps.db, {
    orgId: key.organizationId,
    userId: key.createdBy,
    action: 'api_key.used',
    entityType: 'api_key',
    entityId: key.id,
    changes: { name: key.name },
  });
}

const READ_METHODS = new Set(['GET', 'HEAD']);
const AREA_OF_TAG = new Map<string, ApiArea>(
  API_AREA_IDS.flatMap((area) => API_AREAS[area].tags.map((tag) => [tag, area] as const)),
);

/** The scope a call needs: `<area>:read|write` from the route's OpenAPI tags, else global `read|write`. */
export function routeScope(method: string, tags: readonly string[] | undefined): ApiScope {
  const access = READ_METHODS.has(method) ? 'read' : 'write';
  const area = tags?.map((tag) => AREA_OF_TAG.get(tag)).find((a) => a !== undefined);
  return area ? `${area}:${access}` : access;
}
