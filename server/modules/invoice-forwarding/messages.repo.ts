// Reads and writes of inbound_messages shared by the receiving side (settings page, SMTP/HTTP
// intake) and the inbox (processing, review).
import { and, asc, desc, eq, gt, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InboundState } from '../../../common/contracts/invoice-forwarding';
import type { DbOrTx } from '../../db/client';
import { inboundMessages } from '../../db/schema';
import { applicationNames } from '../subscriptions';

export type InboundMessageRow = typeof inboundMessages.$inferSelect;
export type NewInboundMessageRow = typeof inboundMessages.$inferInsert;

export interface MessageListFilter {
  state?: InboundState;
  cursor?: string;
  limit: number;
}

/** Keyset cursor over (receivedAt desc, id desc). */
export function encodeMessageCursor(row: { receivedAt: Date; id: string }): string {
  return Buffer.from(`${row.receivedAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeMessageCursor(cursor: string): { receivedAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const receivedAt = new Date(at ?? '');
  if (!id || Number.isNaN(receivedAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { receivedAt, id };
}

/** Messages newest first, with the name of the application each was booked on. */
export async function listMessages(db: DbOrTx, orgId: string, filter: MessageListFilter) {
  const conditions: SQL[] = [eq(inboundMessages.organizationId, orgId)];
  if (filter.state) conditions.push(eq(inboundMessages.state, filter.state));
  const after = filter.cursor ? decodeMessageCursor(filter.cursor) : null;
  if (after) {
    conditions.push(
      or(
        lt(inboundMessages.receivedAt, after.receivedAt),
        and(eq(inboundMessages.receivedAt, after.receivedAt), lt(inboundMessages.id, after.id)),
      )!,
    );
  }
  const app = applicationNames();
  const rows = await db
    .select({ message: inboundMessages, subscriptionName: app.name })
    .from(inboundMessages)
    .leftJoin(
      app,
      and(eq(app.organizationId, inboundMessages.organizationId), eq(app.id, inboundMessages.subscriptionId)),
    )
    .where(and(...conditions))
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > filter.limit && last ? encodeMessageCursor(last.message) : null,
  };
}

export async function findMessage(db: DbOrTx, orgId: string, id: string) {
  const app = applicationNames();
  const [row] = await db
    .select({ message: inboundMessages, subscriptionName: app.name })
    .from(inboundMessages)
    .leftJoin(
      app,
      and(eq(app.organizationId, inboundMessages.organizationId), eq(app.id, inboundMessages.subscriptionId)),
    )
    .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.id, id)))
    .limit(1);
  return row ?? null;
}

/** The message row locked for a decision (processing or a person's action). */
export async function lockMessage(tx: DbOrTx, orgId: string, id: string): Promise<InboundMessageRow | null> {
  const [row] = await tx
    .select()
    .from(inboundMessages)
    .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateMessage(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<NewInboundMessageRow>,
) {
  await db
    .update(inboundMessages)
    .set(values)
    .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.id, id)));
}

/** Messages per state over the whole inbox. */
export async function countByState(
  db: DbOrTx,
  orgId: string,
): Promise<Partial<Record<InboundState, number>>> {
  const rows = await db
    .select({ state: inboundMessages.state, count: sql<number>`count(*)::int` })
    .from(inboundMessages)
    .where(eq(inboundMessages.organizationId, orgId))
    .groupBy(inboundMessages.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.count]));
}

/**
 * Serializes the organization's booking decisions until the transaction ends: two messages of the
 * same invoice processed at once must not both find no twin and both book.
 */
export async function lockBookings(tx: DbOrTx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`inbound-booking:${orgId}`}, 0))`);
}

/**
 * An earlier message of the organization already booked (`imported`) as the same invoice: the same
 * vendor + invoice number, or the same invoice document (SHA-256).
 */
export async function findBookedTwin(
  db: DbOrTx,
  orgId: string,
  of: { id: string; vendorKey: string | null; invoiceNumber: string | null; documentSha256: string | null },
) {
  const same: SQL[] = [];
  if (of.vendorKey && of.invoiceNumber) {
    same.push(
      and(eq(inboundMessages.vendorKey, of.vendorKey), eq(inboundMessages.invoiceNumber, of.invoiceNumber))!,
    );
  }
  if (of.documentSha256) same.push(eq(inboundMessages.documentSha256, of.documentSha256));
  if (same.length === 0) return null;
  const [row] = await db
    .select()
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.organizationId, orgId),
        eq(inboundMessages.state, 'imported'),
        ne(inboundMessages.id, of.id),
        or(...same),
      ),
    )
    .orderBy(asc(inboundMessages.receivedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Messages still `received` between the two times whose processing never started (attempts 0) or
 * was last touched before `abandonedBefore`: the sweep sends them again.
 */
export function staleReceivedMessages(
  db: DbOrTx,
  window: { receivedBefore: Date; receivedAfter: Date; abandonedBefore: Date; limit: number },
) {
  return db
    .select({ orgId: inboundMessages.organizationId, id: inboundMessages.id })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.state, 'received'),
        or(eq(inboundMessages.attempts, 0), lt(inboundMessages.updatedAt, window.abandonedBefore)),
        lt(inboundMessages.receivedAt, window.receivedBefore),
        gt(inboundMessages.receivedAt, window.receivedAfter),
      ),
    )
    .limit(window.limit);
}

/**
 * Inserts a received message unless one with its Message-ID is already stored for the
 * organization; answers the new row's id, or undefined for such a duplicate.
 */
export async function insertReceivedMessage(
  db: DbOrTx,
  values: NewInboundMessageRow,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(inboundMessages)
    .values(values)
    .onConflictDoNothing({ target: [inboundMessages.organizationId, inboundMessages.messageId] })
    .returning({ id: inboundMessages.id });
  return inserted?.id;
}

/** The id of the organization's message with this Message-ID. */
export async function findMessageIdByMessageId(db: DbOrTx, orgId: string, messageId: string) {
  const [existing] = await db
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.messageId, messageId)))
    .limit(1);
  return existing?.id;
}
