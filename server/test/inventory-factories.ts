import { eq } from 'drizzle-orm';
import type { Role } from '../../common/roles';
import type { PlanId } from '../../common/plans';
import type { DbOrTx } from '../db/client';
import { organizations } from '../db/schema';
import { insertMembership } from '../modules/organizations';
import type { App } from '../types';
import { registerUser } from './factories';

/** A new user who belongs to the organization with `role` (their only organization). */
export async function addMember(app: App, db: DbOrTx, orgId: string, role: Role) {
  const user = await registerUser(app);
  await insertMembership(db, orgId, user.id, role);
  return user;
}

export async function setPlan(db: DbOrTx, orgId: string, plan: PlanId) {
  await db.update(organizations).set({ subscriptionPlan: plan }).where(eq(organizations.id, orgId));
}
