import { desc, eq } from 'drizzle-orm';
import type { PlanId } from '../../common/plans';
import type { Role } from '../../common/roles';
import type { DbOrTx } from '../db/client';
import { memberships, organizations, outbox, users } from '../db/schema';
import type { App } from '../types';
import { registerUser, type TestUser } from './factories';

/** Sets an organization's paid plan directly (no checkout in tests). */
export async function setPlan(db: DbOrTx, orgId: string, plan: PlanId) {
  await db.update(organizations).set({ subscriptionPlan: plan }).where(eq(organizations.id, orgId));
}

/** A registered user who joined `orgId` with `role` (inserted directly; onboarding done). */
export async function addMember(app: App, db: DbOrTx, orgId: string, role: Role): Promise<TestUser> {
  const user = await registerUser(app);
  await db.insert(memberships).values({ organizationId: orgId, userId: user.id, role });
  await db.update(users).set({ onboardingPhase: 'completed' }).where(eq(users.id, user.id));
  return user;
}

/** The invitation token from the newest e-mail to `to` in the outbox. */
export async function inviteTokenFromOutbox(db: DbOrTx, to: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`No e-mail to ${to}`);
  return tokenFromText(mail.text);
}

export function tokenFromText(text: string): string {
  const match = /\/invite\/accept\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`No invitation link in: ${text}`);
  return decodeURIComponent(match[1]);
}
