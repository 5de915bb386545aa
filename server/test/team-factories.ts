import { desc, eq } from 'drizzle-orm';
import type { PlanId } from '../../common/plans';
import type { Role } from '../../common/roles';
import type { DbOrTx } from '../db/client';
import { memberships, organizations, outbox, sessions, users } from '../db/schema';
import { DAY_MS } from '../lib/clock';
import { hashToken, newToken } from '../lib/tokens';
import type { App } from '../types';
import { uniqueEmail, type TestUser } from './factories';

/** Sets an organization's paid plan directly (no checkout in tests). */
export async function setPlan(db: DbOrTx, orgId: string, plan: PlanId) {
  await db.update(organizations).set({ subscriptionPlan: plan }).where(eq(organizations.id, orgId));
}

/**
 * A user who joined `orgId` with `role`, with a live session — inserted directly (no password
 * hashing), so role tests can build many members cheaply. They cannot sign in with a password.
 */
export async function addMember(_app: App, db: DbOrTx, orgId: string, role: Role): Promise<TestUser> {
  const email = uniqueEmail(role);
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: 'not-a-hash',
      firstName: 'Test',
      lastName: role,
      onboardingPhase: 'completed',
    })
    .returning();
  await db.insert(memberships).values({ organizationId: orgId, userId: user.id, role });
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 365 * DAY_MS),
  });
  return { id: user.id, email, password: '', cookie: `sw_session=${token}` };
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
