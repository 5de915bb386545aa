import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attestationTokens, licenseAssignments, licensePools, people } from '../../db/schema';

/** Open seats of an application (optionally one tier) held by active people. */
export async function seatHoldersOf(db: DbOrTx, orgId: string, subscriptionId: string, poolId?: string) {
  return db
    .select({
      assignmentId: licenseAssignments.id,
      personId: people.id,
      email: people.email,
      firstName: people.firstName,
      lastName: people.lastName,
      tierName: licensePools.tierName,
    })
    .from(licenseAssignments)
    .innerJoin(
      licensePools,
      and(eq(licensePools.id, licenseAssignments.poolId), eq(licensePools.organizationId, orgId)),
    )
    .innerJoin(people, and(eq(people.id, licenseAssignments.personId), eq(people.organizationId, orgId)))
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        isNull(licenseAssignments.unassignedAt),
        eq(licensePools.subscriptionId, subscriptionId),
        poolId ? eq(licensePools.id, poolId) : undefined,
        eq(people.status, 'active'),
      ),
    )
    .orderBy(people.lastName, people.firstName);
}

export async function insertTokens(db: DbOrTx, rows: Array<typeof attestationTokens.$inferInsert>) {
  if (rows.length === 0) return;
  await db.insert(attestationTokens).values(rows);
}

export async function findToken(db: DbOrTx, orgId: string, tokenHash: string) {
  const [row] = await db
    .select()
    .from(attestationTokens)
    .where(and(eq(attestationTokens.organizationId, orgId), eq(attestationTokens.tokenHash, tokenHash)));
  return row ?? null;
}

/** Uses the token once: answers the row only if it was unused and unexpired at `now`. */
export async function consumeToken(
  db: DbOrTx,
  orgId: string,
  id: string,
  answer: 'keep' | 'release',
  now: Date,
) {
  const [row] = await db
    .update(attestationTokens)
    .set({ usedAt: now, answer })
    .where(
      and(
        eq(attestationTokens.organizationId, orgId),
        eq(attestationTokens.id, id),
        isNull(attestationTokens.usedAt),
        gt(attestationTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findOpenAssignment(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.id, id),
        isNull(licenseAssignments.unassignedAt),
      ),
    );
  return row ?? null;
}

export async function markKept(db: DbOrTx, orgId: string, assignmentId: string, now: Date) {
  await db
    .update(licenseAssignments)
    .set({ lastActiveAt: now, source: 'attestation' })
    .where(and(eq(licenseAssignments.organizationId, orgId), eq(licenseAssignments.id, assignmentId)));
}

/** Every attestation sent for an application's seats, newest first. */
export async function listForApplication(db: DbOrTx, orgId: string, subscriptionId: string) {
  const pools = db
    .select({ id: licensePools.id })
    .from(licensePools)
    .where(and(eq(licensePools.organizationId, orgId), eq(licensePools.subscriptionId, subscriptionId)));
  return db
    .select({
      id: attestationTokens.id,
      assignmentId: attestationTokens.assignmentId,
      personId: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      tierName: licensePools.tierName,
      sentAt: attestationTokens.createdAt,
      expiresAt: attestationTokens.expiresAt,
      answeredAt: attestationTokens.usedAt,
      answer: attestationTokens.answer,
    })
    .from(attestationTokens)
    .innerJoin(
      licenseAssignments,
      and(
        eq(licenseAssignments.id, attestationTokens.assignmentId),
        eq(licenseAssignments.organizationId, orgId),
      ),
    )
    .innerJoin(
      licensePools,
      and(eq(licensePools.id, licenseAssignments.poolId), eq(licensePools.organizationId, orgId)),
    )
    .innerJoin(people, and(eq(people.id, licenseAssignments.personId), eq(people.organizationId, orgId)))
    .where(and(eq(attestationTokens.organizationId, orgId), inArray(licenseAssignments.poolId, pools)))
    .orderBy(desc(attestationTokens.createdAt), sql`${people.lastName}`);
}
