import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { userNames } from '../organizations';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The organization's keys (or the one with `id`), newest first, with their creator's name. */
export async function listKeys(db: DbOrTx, orgId: string, id?: string) {
  const creator = userNames('creator');
  return db
    .select({
      key: apiKeys,
      creatorName: sql<string | null>`nullif(trim(${creator.firstName} || ' ' || ${creator.lastName}), '')`,
      creatorEmail: creator.email,
    })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.organizationId, orgId), id ? eq(apiKeys.id, id) : undefined))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function insertKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

/** Revokes a live key of the organization; null when there is none (unknown, another tenant's, revoked). */
export async function revokeKey(db: DbOrTx, orgId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.organizationId, orgId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function findKey(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, orgId), eq(apiKeys.id, id)))
    .limit(1);
  return row ?? null;
}

// Prepared once per database: the guard runs it on every API call (as findLiveSession).
function keyByHashQuery(db: Db) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_api_key');
}
const keyByHashQueries = new WeakMap<Db, ReturnType<typeof keyByHashQuery>>();

/** The key with this hash, whatever its state (the caller tells revoked and expired apart). */
export async function findKeyByHash(db: Db, tokenHash: string): Promise<ApiKeyRow | null> {
  let query = keyByHashQueries.get(db);
  if (!query) keyByHashQueries.set(db, (query = keyByHashQuery(db)));
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

/** Stamps the key's last use unless it was stamped after `staleBefore`: true when it wrote. */
export async function touchKeyUse(db: DbOrTx, id: string, now: Date, ip: string | null, staleBefore: Date) {
  const rows = await db
    .update(apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
