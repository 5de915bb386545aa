import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../../common/roles';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations } from '../../db/schema';
import type { OrganizationRow } from '../../types';

type OrgPatch = Partial<typeof organizations.$inferInsert>;

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

/** Every organization's id: the daily planner's round (server/jobs/scheduler.ts). */
export async function listOrganizationIds(db: DbOrTx): Promise<string[]> {
  return (await db.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
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

export async function updateOrganization(db: DbOrTx, orgId: string, values: OrgPatch, now = new Date()) {
  const [org] = await db
    .update(organizations)
    .set({ ...values, updatedAt: now })
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

// The renewals calendar feed's secret (renewals/ical-feed.ts).
export async function findOrganizationByIcalToken(db: DbOrTx, token: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.icalToken, token)).limit(1);
  return row ?? null;
}

export async function setIcalToken(db: DbOrTx, orgId: string, token: string, onlyIfMissing: boolean) {
  const [row] = await db
    .update(organizations)
    .set({ icalToken: token })
    .where(and(eq(organizations.id, orgId), onlyIfMissing ? isNull(organizations.icalToken) : undefined))
    .returning({ icalToken: organizations.icalToken });
  return row?.icalToken ?? null;
}

export async function getIcalToken(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ icalToken: organizations.icalToken })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.icalToken ?? null;
}

// The invoice-forwarding address's secret (invoice-forwarding: invoices+<token>@INBOUND_DOMAIN).
export async function findOrganizationByInboundToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.inboundEmailToken, token))
    .limit(1);
  return row ?? null;
}

/** Sets the token (onlyIfMissing: only when none yet, so concurrent first reads agree); the stored one. */
export async function setInboundEmailToken(db: DbOrTx, orgId: string, token: string, onlyIfMissing: boolean) {
  const [row] = await db
    .update(organizations)
    .set({ inboundEmailToken: token })
    .where(
      and(eq(organizations.id, orgId), onlyIfMissing ? isNull(organizations.inboundEmailToken) : undefined),
    )
    .returning({ token: organizations.inboundEmailToken });
  return row?.token ?? null;
}

export async function getInboundEmailToken(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ token: organizations.inboundEmailToken })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.token ?? null;
}
