import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { apiKeyResponse, createApiKeyBody } from '../../../common/contracts/api-keys';
import { API_KEY_PREFIX } from '../../../common/security';
import { invalidFields, notFound } from '../../errors';
import { hashToken } from '../../lib/tokens';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { findKey, insertKey, listKeys, revokeKey, type ApiKeyRow } from './api-keys.repo';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'actor' | 'now'>;
type ApiKey = z.output<typeof apiKeyResponse>;

/** Shown in lists to tell keys apart: the kind and a few random characters, never enough to guess. */
const PREFIX_LENGTH = 12;

/** A new secret (`sw_live_` and 48 hex characters), what lists show of it, and the hash stored. */
export function newKeyMaterial() {
  const secret = API_KEY_PREFIX + randomBytes(24).toString('hex');
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), tokenHash: hashToken(secret) };
}

function present(key: ApiKeyRow, creator: { name: string | null; email: string | null } | null): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    expiresAt: key.expiresAt,
    lastUsedAt: key.lastUsedAt,
    lastUsedIp: key.lastUsedIp,
    revokedAt: key.revokedAt,
    createdBy:
      key.createdBy && creator?.email ? { id: key.createdBy, name: creator.name ?? creator.email } : null,
    createdAt: key.createdAt,
  };
}

export async function listApiKeys(deps: ServiceDeps, ctx: Ctx): Promise<ApiKey[]> {
  const rows = await listKeys(deps.db, ctx.orgId);
  return rows.map((r) => present(r.key, { name: r.creatorName, email: r.creatorEmail }));
}

export async function createApiKey(deps: ServiceDeps, ctx: Ctx, body: z.output<typeof createApiKeyBody>) {
  const now = deps.clock.now();
  if (body.expiresAt && body.expiresAt <= now) {
    throw invalidFields([{ field: 'expiresAt', message: 'The expiry must be in the future' }]);
  }
  const { secret, prefix, tokenHash } = newKeyMaterial();
  const scopes = [...new Set(body.scopes)];
  const key = await deps.db.transaction(async (tx) => {
    const row = await insertKey(tx, {
      organizationId: ctx.orgId,
      name: body.name,
      prefix,
      tokenHash,
      scopes,
      expiresAt: body.expiresAt ?? null,
      createdBy: ctx.userId,
      createdAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: row.id,
      changes: { name: row.name, scopes, expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    return row;
  });
  const [listed] = await listKeys(deps.db, ctx.orgId, key.id);
  return { ...present(listed.key, { name: listed.creatorName, email: listed.creatorEmail }), secret };
}

export async function revokeApiKey(deps: ServiceDeps, ctx: Ctx, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await revokeKey(tx, ctx.orgId, id, now);
    if (!row) {
      // Revoking twice is harmless; an id the organization does not have is not found.
      if (await findKey(tx, ctx.orgId, id)) return;
      throw notFound('API key');
    }
    await recordAudit(tx, ctx, {
      action: 'api_key.revoke',
      entityType: 'api_key',
      entityId: row.id,
      changes: { name: row.name },
    });
  });
}
