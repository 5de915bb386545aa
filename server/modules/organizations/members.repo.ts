import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../common/roles';
import type { DbOrTx } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';

// Memberships as the team screens see them; every query is scoped by organization.

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  lastActiveAt: users.lastActiveAt,
};

/** The organization's members (user id, e-mail, names, role) as a join-able subquery. */
export function membersOf<A extends string = 'members'>(orgId: string, alias = 'members' as A) {
  return subqueryBuilder
    .select({
      userId: memberships.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .as(alias);
}

/**
 * Every user's e-mail and names as a join-able subquery, for authors and owners who may have left
 * the organization since (users belong to no organization: join them by id from scoped rows).
 */
export function userNames<A extends string = 'user_names'>(alias = 'user_names' as A) {
  return subqueryBuilder
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .as(alias);
}

const roleRank = sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end`;

export async function listOrganizationMembers(db: DbOrTx, orgId: string) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .orderBy(asc(memberships.createdAt), roleRank, asc(users.email));
}

export async function findMember(db: DbOrTx, orgId: string, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countMembers(db: DbOrTx, orgId: string, role?: Role): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), role ? eq(memberships.role, role) : undefined));
  return Number(row?.n ?? 0);
}

export async function updateMemberRole(db: DbOrTx, orgId: string, userId: string, role: Role) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
}

export async function deleteMember(db: DbOrTx, orgId: string, userId: string) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
}

/** The organization's owners, for billing and trial e-mails. */
export async function listOwners(db: DbOrTx, orgId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.role, 'owner')));
}
