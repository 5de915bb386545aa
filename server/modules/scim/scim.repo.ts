import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scimGroupMembers, scimGroups, scimTokens } from '../../db/schema';
import { peopleOf } from '../people';
import { bulkInsert } from '../../db/bulk-insert';

// ---- Tokens (one per organization; the table is global: a token is looked up before its org is known)

export async function findToken(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.organizationId, orgId));
  return row ?? null;
}

export async function findTokenByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.tokenHash, tokenHash));
  return row ?? null;
}

export async function deleteToken(db: DbOrTx, orgId: string) {
  const [row] = await db
    .delete(scimTokens)
    .where(eq(scimTokens.organizationId, orgId))
    .returning({ prefix: scimTokens.prefix });
  return row ?? null;
}

export async function insertToken(db: DbOrTx, values: typeof scimTokens.$inferInsert) {
  const [row] = await db.insert(scimTokens).values(values).returning();
  return row;
}

/** Stamps the token's last use, at most once a minute (identity providers call in bursts). */
export async function touchToken(db: DbOrTx, id: string, now: Date) {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(scimTokens.id, id),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
}

// ---- Users: the people directory, read through its owner's subquery

export async function findUsers(
  db: DbOrTx,
  orgId: string,
  where: (p: ReturnType<typeof peopleOf>) => SQL | undefined,
  offset: number,
  limit: number,
) {
  const person = peopleOf(orgId);
  const condition = where(person);
  const [rows, [total]] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(person)
          .where(condition)
          .orderBy(asc(person.createdAt), asc(person.id))
          .offset(offset)
          .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(person)
      .where(condition),
  ]);
  return { rows, total: total?.count ?? 0 };
}

export async function findUserByEmail(db: DbOrTx, orgId: string, email: string) {
  const person = peopleOf(orgId);
  const [row] = await db
    .select()
    .from(person)
    .where(sql`lower(${person.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

// ---- Groups

export type GroupRow = typeof scimGroups.$inferSelect;

export async function findGroups(
  db: DbOrTx,
  orgId: string,
  condition: SQL | undefined,
  offset: number,
  limit: number,
) {
  const where = and(eq(scimGroups.organizationId, orgId), condition);
  const [rows, [total]] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .offset(offset)
          .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(scimGroups)
      .where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** People of each group (id and display name), in one query. */
export async function groupMembers(db: DbOrTx, orgId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const person = peopleOf(orgId);
  return db
    .select({
      groupId: scimGroupMembers.groupId,
      personId: person.id,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
    })
    .from(scimGroupMembers)
    .innerJoin(person, eq(person.id, scimGroupMembers.personId))
    .where(and(eq(scimGroupMembers.organizationId, orgId), inArray(scimGroupMembers.groupId, groupIds)))
    .orderBy(asc(person.email));
}

/** Groups having this person as a member (a filter `members.value eq "id"`). */
export const hasMember = (orgId: string, personId: string) =>
  sql`exists (select 1 from ${scimGroupMembers} where ${and(
    eq(scimGroupMembers.organizationId, orgId),
    eq(scimGroupMembers.groupId, scimGroups.id),
    eq(scimGroupMembers.personId, personId),
  )})`;

export async function insertGroup(db: DbOrTx, values: typeof scimGroups.$inferInsert) {
  const [row] = await db.insert(scimGroups).values(values).returning();
  return row;
}

export async function updateGroup(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<typeof scimGroups.$inferInsert>,
) {
  await db
    .update(scimGroups)
    .set(values)
    .where(and(eq(scimGroups.organizationId, orgId), eq(scimGroups.id, id)));
}

export async function deleteGroup(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .delete(scimGroups)
    .where(and(eq(scimGroups.organizationId, orgId), eq(scimGroups.id, id)))
    .returning({ id: scimGroups.id });
  return row ?? null;
}

/** Makes the group's members exactly `personIds`. */
export async function setGroupMembers(db: DbOrTx, orgId: string, groupId: string, personIds: string[]) {
  await db
    .delete(scimGroupMembers)
    .where(and(eq(scimGroupMembers.organizationId, orgId), eq(scimGroupMembers.groupId, groupId)));
  await bulkInsert(
    db,
    scimGroupMembers,
    personIds.map((personId) => ({ organizationId: orgId, groupId, personId })),
  );
}
