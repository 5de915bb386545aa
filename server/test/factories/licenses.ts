import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { licenseAssignments, licensePools, people } from '../../db/schema';

// Factories for people, license pools and assignments, inserted directly.

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
