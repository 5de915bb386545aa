import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations, stripeEvents, users } from '../../db/schema';
import type { OrganizationRow } from '../../types';

type OrgPatch = Partial<typeof organizations.$inferInsert>;

export async function findOrganizationByStripeCustomer(
  db: DbOrTx,
  customerId: string,
): Promise<OrganizationRow | null> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.stripeCustomerId, customerId))
    .limit(1);
  return row ?? null;
}

export async function patchOrganization(db: DbOrTx, orgId: string, patch: OrgPatch, now: Date) {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, updatedAt: now })
    .where(eq(organizations.id, orgId))
    .returning();
  return row ?? null;
}

/** Starts the trial only if none was ever started and the plan is Starter (race-safe). */
export async function startTrialOnce(db: DbOrTx, orgId: string, patch: OrgPatch, now: Date) {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, updatedAt: now })
    .where(
      and(
        eq(organizations.id, orgId),
        isNull(organizations.trialStartedAt),
        eq(organizations.subscriptionPlan, 'starter'),
        eq(organizations.accountStatus, 'active'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Applies a lifecycle step only if the status is still the one it was computed from. */
export async function applyTransition(
  db: DbOrTx,
  orgId: string,
  fromStatus: OrganizationRow['accountStatus'],
  patch: OrgPatch,
  now: Date,
) {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(organizations.id, orgId), eq(organizations.accountStatus, fromStatus)))
    .returning();
  return row ?? null;
}

/** Marks the trial reminder sent; answers false when it already was (so it goes out once). */
export async function claimTrialReminder(db: DbOrTx, orgId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ trialReminderSentAt: now })
    .where(and(eq(organizations.id, orgId), isNull(organizations.trialReminderSentAt)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

export async function listOwners(db: DbOrTx, orgId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.role, 'owner')));
}

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
