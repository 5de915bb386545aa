import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attestationTokens } from '../../db/schema';
import { seatsOf } from '../licenses';
import { peopleOf } from '../people';
import { inChunks } from '../../db/bulk-insert';

/** Open seats of an application (optionally one tier) held by active people. */
export async function seatHoldersOf(db: DbOrTx, orgId: string, subscriptionId: string, poolId?: string) {
  const seat = seatsOf(orgId);
  const person = peopleOf(orgId);
  return db
    .select({
      assignmentId: seat.id,
      personId: person.id,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      tierName: seat.tierName,
    })
    .from(seat)
    .innerJoin(person, eq(person.id, seat.personId))
    .where(
      and(
        isNull(seat.unassignedAt),
        eq(seat.subscriptionId, subscriptionId),
        poolId ? eq(seat.poolId, poolId) : undefined,
        eq(person.status, 'active'),
      ),
    )
    .orderBy(person.lastName, person.firstName);
}

export async function insertTokens(db: DbOrTx, rows: Array<typeof attestationTokens.$inferInsert>) {
  await inChunks(attestationTokens, rows, (chunk) => db.insert(attestationTokens).values(chunk));
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

/** Every attestation sent for an application's seats, newest first. */
export async function listForApplication(db: DbOrTx, orgId: string, subscriptionId: string) {
  const seat = seatsOf(orgId);
  const person = peopleOf(orgId);
  return db
    .select({
      id: attestationTokens.id,
      assignmentId: attestationTokens.assignmentId,
      personId: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      tierName: seat.tierName,
      sentAt: attestationTokens.createdAt,
      expiresAt: attestationTokens.expiresAt,
      answeredAt: attestationTokens.usedAt,
      answer: attestationTokens.answer,
    })
    .from(attestationTokens)
    .innerJoin(seat, eq(seat.id, attestationTokens.assignmentId))
    .innerJoin(person, eq(person.id, seat.personId))
    .where(and(eq(attestationTokens.organizationId, orgId), eq(seat.subscriptionId, subscriptionId)))
    .orderBy(desc(attestationTokens.createdAt), sql`${person.lastName}`);
}
