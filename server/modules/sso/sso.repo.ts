import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoConnections, ssoDomains } from '../../db/schema';
import type { SecretBox } from '../../lib/crypto/secret-box';

// The organization's connection and its domains; every query names the organization, except the
// sign-in's lookup by domain (asked before any organization is known). The OIDC client secret is
// stored sealed (server/lib/crypto/secret-box.ts): rows leave here without it, and only
// findOidcClientSecret answers it, opened.

type StoredConnection = typeof ssoConnections.$inferSelect;
export type SsoConnectionRow = Omit<StoredConnection, 'oidcClientSecret'> & { hasClientSecret: boolean };
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export type SsoConnectionValues = Omit<
  typeof ssoConnections.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'oidcClientSecret'
> & {
  /** In plain text, sealed on the way in; undefined keeps the stored one. */
  oidcClientSecret?: string | null;
};

const secretContext = (orgId: string) => ({ column: 'sso_connections.oidc_client_secret' as const, orgId });

function withoutSecret({ oidcClientSecret, ...row }: StoredConnection): SsoConnectionRow {
  return { ...row, hasClientSecret: oidcClientSecret !== null };
}

export async function findConnection(db: DbOrTx, orgId: string): Promise<SsoConnectionRow | null> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.organizationId, orgId))
    .limit(1);
  return row ? withoutSecret(row) : null;
}

/** The organization's OIDC client secret in plain text, or null when none is stored. */
export async function findOidcClientSecret(db: DbOrTx, secrets: SecretBox, orgId: string) {
  const [row] = await db
    .select({ secret: ssoConnections.oidcClientSecret })
    .from(ssoConnections)
    .where(eq(ssoConnections.organizationId, orgId))
    .limit(1);
  return row?.secret ? secrets.open(row.secret, secretContext(orgId)) : null;
}

export async function upsertConnection(
  db: DbOrTx,
  secrets: SecretBox,
  orgId: string,
  { oidcClientSecret, ...values }: SsoConnectionValues,
  now: Date,
) {
  const sealed =
    oidcClientSecret === undefined
      ? {}
      : { oidcClientSecret: oidcClientSecret && secrets.seal(oidcClientSecret, secretContext(orgId)) };
  const [row] = await db
    .insert(ssoConnections)
    .values({ ...values, ...sealed, organizationId: orgId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: ssoConnections.organizationId,
      set: { ...values, ...sealed, updatedAt: now },
    })
    .returning();
  return withoutSecret(row);
}

/**
 * The organization that verified this domain, with its connection when it has one. Two reads: the
 * domain (a global table) first, then the connection on that organization's shard alone (Citus).
 */
export async function findVerifiedDomain(db: DbOrTx, domain: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  if (!row) return null;
  return {
    domain: row,
    connection: row.organizationId ? await findConnection(db, row.organizationId) : null,
  };
}

export async function listDomains(db: DbOrTx, orgId: string) {
  return db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, orgId))
    .orderBy(asc(ssoDomains.domain));
}

export async function findDomain(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, orgId), eq(ssoDomains.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findDomainByName(db: DbOrTx, orgId: string, domain: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, orgId), eq(ssoDomains.domain, domain)))
    .limit(1);
  return row ?? null;
}

export async function insertDomain(db: DbOrTx, orgId: string, domain: string, verificationToken: string) {
  const [row] = await db
    .insert(ssoDomains)
    .values({ organizationId: orgId, domain, verificationToken })
    .returning();
  return row;
}

export async function updateDomain(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Pick<Partial<SsoDomainRow>, 'verifiedAt' | 'lastCheckedAt'>,
) {
  const [row] = await db
    .update(ssoDomains)
    .set(values)
    .where(and(eq(ssoDomains.organizationId, orgId), eq(ssoDomains.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDomain(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, orgId), eq(ssoDomains.id, id)))
    .returning({ id: ssoDomains.id });
  return rows.length > 0;
}

export async function countVerifiedDomains(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, orgId), isNotNull(ssoDomains.verifiedAt)));
  return row?.n ?? 0;
}
