import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stripeEvents } from '../../db/schema';

// Stripe's webhook events; the organization's billing fields are organizations' (updateOrganization…).

/** Records a webhook event as processed; false when it already was (a replay). */
export async function claimStripeEvent(
  db: DbOrTx,
  event: { id: string; type: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function linkStripeEvent(db: DbOrTx, eventId: string, orgId: string) {
  await db.update(stripeEvents).set({ organizationId: orgId }).where(eq(stripeEvents.id, eventId));
}
