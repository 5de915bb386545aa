// invoice_forwarding_settings (the sender allow-list) and the settings page's reads of inbound_messages.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inboundMessages, invoiceForwardingSettings } from '../../db/schema';

export async function getAllowedSenders(db: DbOrTx, orgId: string): Promise<string[]> {
  const [row] = await db
    .select({ allowedSenders: invoiceForwardingSettings.allowedSenders })
    .from(invoiceForwardingSettings)
    .where(eq(invoiceForwardingSettings.organizationId, orgId));
  return row?.allowedSenders ?? [];
}

export async function saveAllowedSenders(db: DbOrTx, orgId: string, allowedSenders: string[], now: Date) {
  await db
    .insert(invoiceForwardingSettings)
    .values({ organizationId: orgId, allowedSenders, updatedAt: now })
    .onConflictDoUpdate({
      target: invoiceForwardingSettings.organizationId,
      set: { allowedSenders, updatedAt: now },
    });
}

/** When the newest message arrived (null: none yet). */
export async function lastReceivedAt(db: DbOrTx, orgId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: inboundMessages.receivedAt })
    .from(inboundMessages)
    .where(eq(inboundMessages.organizationId, orgId))
    .orderBy(desc(inboundMessages.receivedAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * The newest forwarding confirmation still waiting for the user: in needs_review, and no message
 * arrived after it (once one has, forwarding works and the confirmation is done with).
 */
export async function pendingConfirmationRow(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select()
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.organizationId, orgId),
        eq(inboundMessages.kind, 'forwarding_confirmation'),
        eq(inboundMessages.state, 'needs_review'),
      ),
    )
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(1);
  if (!row) return null;
  const [later] = await db
    .select({ one: sql<number>`1` })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.organizationId, orgId), gt(inboundMessages.receivedAt, row.receivedAt)))
    .limit(1);
  return later ? null : row;
}
