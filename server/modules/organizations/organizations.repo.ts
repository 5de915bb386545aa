import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '../../../common/roles';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations } from '../../db/schema';

/** The user's organizations with their role, oldest membership first. */
export async function listUserOrganizations(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ org: organizations, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
  return rows;
}

/** The session's chosen organization when the user still belongs to it, else their first. */
export async function resolveCurrentMembership(db: DbOrTx, userId: string, preferredOrgId: string | null) {
  const all = await listUserOrganizations(db, userId);
  return all.find((m) => m.org.id === preferredOrgId) ?? all[0] ?? null;
}

/** The organization row, or null. */
export async function findOrganization(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row ?? null;
}

/** The organization row, locked until the transaction ends: serializes plan-limit and team checks. */
export async function lockOrganization(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).for('update');
  return row ?? null;
}

export async function insertOrganization(db: DbOrTx, values: typeof organizations.$inferInsert) {
  const [org] = await db.insert(organizations).values(values).returning();
  return org;
}

export async function updateOrganization(
  db: DbOrTx,
  orgId: string,
  values: Partial<typeof organizations.$inferInsert>,
) {
  const [org] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, orgId))
    .returning();
  return org ?? null;
}

export async function insertMembership(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  role: Role,
  createdAt?: Date,
) {
  await db.insert(memberships).values({ organizationId, userId, role, createdAt });
}

export async function findMembership(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}
