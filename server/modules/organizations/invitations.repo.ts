import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations, memberships, organizations, users } from '../../db/schema';

// Invitations are scoped by organization, except the token lookups the invitee makes.

type InvitationInsert = typeof invitations.$inferInsert;
export type InvitationRow = typeof invitations.$inferSelect;
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
const sameEmail = (email: string) => sql`lower(${invitations.email}) = ${email.toLowerCase()}`;

export async function insertInvitation(db: DbOrTx, values: InvitationInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row;
}

/** Open invitations (neither accepted nor revoked, expired or not) with their inviter, newest first. */
export async function listOpenInvitations(db: DbOrTx, orgId: string) {
  return db
    .select({ invitation: invitations, inviter: users })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, orgId), open))
    .orderBy(desc(invitations.createdAt));
}

export async function findInvitation(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ invitation: invitations, inviter: users })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findOpenInvitationByEmail(db: DbOrTx, orgId: string, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, orgId), open, sameEmail(email)))
    .limit(1);
  return row ?? null;
}

/** Open invitations whose link still works: they hold a seat (issue 8). */
export async function countPendingInvitations(db: DbOrTx, orgId: string, now: Date, exceptId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, orgId),
        open,
        gt(invitations.expiresAt, now),
        exceptId ? ne(invitations.id, exceptId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function updateInvitation(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<InvitationInsert>,
) {
  const [row] = await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)))
    .returning();
  return row ?? null;
}

export async function isMemberByEmail(db: DbOrTx, orgId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

/** The invitation a link points to, whatever its state, with its organization and inviter. */
export async function findInvitationByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, organization: organizations, inviter: users })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a live invitation accepted, atomically, so its link works exactly once. */
export async function consumeInvitation(db: DbOrTx, tokenHash: string, userId: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId, updatedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), open, gt(invitations.expiresAt, now)))
    .returning();
  return row ?? null;
}
