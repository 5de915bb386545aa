import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ActivitySignal, UsageSource } from '../../../common/licenses';
import type { ConnectorProvider } from '../../../common/contracts/connectors';
import type { PersonSource, PersonStatus, UnassignReason } from '../../../common/contracts/people';
import { users } from './auth';
import { timestamps } from './columns';
import { brands, entities } from './entities';
import { subscriptions } from './inventory';
import { tenantReference, tenantTable } from './tenant';

/** An employee who uses tools (not a login account). */
export const people = tenantTable(
  'people',
  {
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    department: text('department'),
    /** Own entity and brand; else the department's mapping; else the defaults. */
    entityId: uuid('entity_id'),
    brandId: uuid('brand_id'),
    team: text('team'),
    title: text('title'),
    managerId: uuid('manager_id'),
    status: text('status').$type<PersonStatus>().notNull().default('active'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    source: text('source').$type<PersonSource>().notNull().default('manual'),
    /** The identity provider's id for this person (SCIM externalId). */
    externalId: text('external_id'),
    ...timestamps(),
  },
  (t) => [
    tenantReference('people_manager_fk', t, t.managerId, t, 'clear'),
    tenantReference('people_entity_fk', t, t.entityId, entities, 'clear'),
    tenantReference('people_brand_fk', t, t.brandId, brands, 'clear'),
    // One person per e-mail per organization, regardless of case.
    uniqueIndex('people_org_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('people_org_status_idx').on(t.organizationId, t.status, t.lastName, t.firstName),
    index('people_org_department_idx').on(t.organizationId, t.department, t.team),
  ],
);

/** Seats of one application tier ("Slack Pro", "Figma Full seat"). */
export const licensePools = tenantTable(
  'license_pools',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    tierName: text('tier_name').notNull(),
    /** null = unlimited. */
    seats: integer('seats'),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull().default(0),
    billingCycle: text('billing_cycle').notNull().default('monthly'),
    intervalMonths: integer('interval_months'),
    currency: text('currency').notNull().default('USD'),
    notes: text('notes'),
    /** The connector that keeps this pool's seats (purchased, holders), or null when kept by hand. */
    seatsSource: text('seats_source').$type<UsageSource>(),
    /** When that connector last wrote the seats: their freshness. */
    seatsSyncedAt: timestamp('seats_synced_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantReference('license_pools_subscription_fk', t, t.subscriptionId, subscriptions, 'cascade'),
    uniqueIndex('license_pools_org_app_tier_idx').on(
      t.organizationId,
      t.subscriptionId,
      sql`lower(${t.tierName})`,
    ),
  ],
);

/** A person holding a seat of a pool; unassigning stamps unassignedAt so history is kept. */
export const licenseAssignments = tenantTable(
  'license_assignments',
  {
    poolId: uuid('pool_id').notNull(),
    personId: uuid('person_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Where lastActiveAt came from. */
    source: text('source').$type<UsageSource>().notNull().default('manual'),
    /**
     * What lastActiveAt proves: `usage` of the application, or only a `sign-in` (an identity
     * provider's last-login export). Null = entered by hand or answered by the holder (usage).
     */
    activitySignal: text('activity_signal').$type<ActivitySignal>(),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The connector that assigned the seat (its seats sync, or Add of what it discovered): only it
     * releases the seat. Null = entered by hand or imported: a provider's sync keeps it.
     */
    assignedFrom: text('assigned_from').$type<ConnectorProvider>(),
    unassignedAt: timestamp('unassigned_at', { withTimezone: true }),
    unassignReason: text('unassign_reason').$type<UnassignReason>(),
  },
  (t) => [
    tenantReference('license_assignments_pool_fk', t, t.poolId, licensePools, 'cascade'),
    tenantReference('license_assignments_person_fk', t, t.personId, people, 'cascade'),
    // At most one open assignment per person and pool.
    uniqueIndex('license_assignments_open_idx')
      .on(t.organizationId, t.poolId, t.personId)
      .where(sql`${t.unassignedAt} is null`),
    index('license_assignments_org_pool_idx').on(t.organizationId, t.poolId, t.unassignedAt),
    index('license_assignments_org_person_idx').on(t.organizationId, t.personId, t.unassignedAt),
  ],
);

/** A single-use "still need it?" link sent to a seat holder; only the token's hash is stored. */
export const attestationTokens = tenantTable(
  'attestation_tokens',
  {
    assignmentId: uuid('assignment_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    answer: text('answer').$type<'keep' | 'release'>(),
  },
  (t) => [
    tenantReference('attestation_tokens_assignment_fk', t, t.assignmentId, licenseAssignments, 'cascade'),
    uniqueIndex('attestation_tokens_hash_idx').on(t.organizationId, t.tokenHash),
    index('attestation_tokens_org_assignment_idx').on(t.organizationId, t.assignmentId, t.createdAt),
  ],
);
