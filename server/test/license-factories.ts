import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PlanId } from '../../common/plans';
import type { Role } from '../../common/roles';
import type { DbOrTx } from '../db/client';
import {
  licenseAssignments,
  licensePools,
  memberships,
  organizations,
  people,
  sessions,
  users,
} from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';
import { uniqueEmail, type TestUser } from './factories';

// Factories for people, license pools and assignments, inserted directly.

export async function setOrgPlan(db: DbOrTx, orgId: string, plan: PlanId) {
  await db.update(organizations).set({ subscriptionPlan: plan }).where(eq(organizations.id, orgId));
}

/** A member of `orgId` with `role` and a live session (inserted directly; cannot sign in by password). */
export async function addMemberWithRole(db: DbOrTx, orgId: string, role: Role): Promise<TestUser> {
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
    currentOrganizationId: orgId,
    expiresAt: new Date('2100-01-01T00:00:00Z'),
  });
  return { id: user.id, email, password: '', cookie: `sw_session=${token}` };
}

export async function buildPerson(
  db: DbOrTx,
  organizationId: string,
  overrides: Partial<typeof people.$inferInsert> = {},
) {
  const suffix = randomBytes(3).toString('hex');
  const [row] = await db
    .insert(people)
    .values({
      organizationId,
      email: `person-${suffix}@example.com`,
      firstName: 'Person',
      lastName: suffix,
      department: 'Engineering',
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildPool(
  db: DbOrTx,
  organizationId: string,
  subscriptionId: string,
  overrides: Partial<typeof licensePools.$inferInsert> = {},
) {
  const [row] = await db
    .insert(licensePools)
    .values({
      organizationId,
      subscriptionId,
      tierName: `Tier ${randomBytes(2).toString('hex')}`,
      seats: 10,
      unitPriceMinor: 1_000,
      billingCycle: 'monthly',
      currency: 'USD',
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildAssignment(
  db: DbOrTx,
  organizationId: string,
  poolId: string,
  personId: string,
  overrides: Partial<typeof licenseAssignments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(licenseAssignments)
    .values({ organizationId, poolId, personId, assignedAt: new Date('2026-01-01T00:00:00Z'), ...overrides })
    .returning();
  return row;
}
