import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoConnections, ssoDomains } from '../../db/schema';

// The organization's connection and its domains; every query names the organization, except the
// sign-in's lookup by domain (asked before any organization is known).

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export type SsoConnectionValues = Omit<
  typeof ssoConnections.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

export async function findConnection(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.organizationId, orgId))
    .limit(1);
  return row ?? null;
}

export async function upsertConnection(db: DbOrTx, orgId: string, values: SsoConnectionValues, now: Date) {
  const [row] = await db
    .insert(ssoConnections)
    .values({ ...values, organizationId: orgId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: ssoConnections.organizationId, set: { ...values, updatedAt: now } })
    .returning();
  return row;
}

/** The organization that verified this domain, with its connection when it has one. */
export async function findVerifiedDomain(db: DbOrTx, domain: string) {
  const [row] = await db
    .select({ domain: ssoDomains, connection: ssoConnections })
    .from(ssoDomains)
    .leftJoin(ssoConnections, eq(ssoConnections.organizationId, ssoDomains.organizationId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row ?? null;
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
