import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BenchmarkTerm, SeatBand } from '../../../common/contracts/benchmarks';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';
import { organizationId as orgId } from './tenant';

/** An organization's benchmark choices (issue 17): peer sharing and Starter's benchmark tools. */
export const benchmarkSettings = pgTable('benchmark_settings', {
  organizationId: orgId().primaryKey(),
  /** Contributes to (and sees) peer benchmarks; opted out = neither. */
  peerSharing: boolean('peer_sharing').notNull().default(true),
  /** Starter's benchmark tools (at most maxBenchmarkTools): subscription ids. */
  selectedSubscriptionIds: uuid('selected_subscription_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  updatedAt: updatedAt(),
});

/**
 * The nightly peer benchmark (installation-wide, no organization_id: a reference table). One row per
 * cell with at least PEER_MIN_ORGANIZATIONS organizations; requests read only this table.
 */
export const peerBenchmarks = pgTable(
  'peer_benchmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    catalogSlug: text('catalog_slug').notNull(),
    /** The catalogue plan the tiers matched; '' when they matched none (a key column cannot be null). */
    plan: text('plan').notNull().default(''),
    seatBand: text('seat_band').$type<SeatBand>().notNull(),
    term: text('term').$type<BenchmarkTerm>().notNull(),
    unit: text('unit').$type<'user' | 'flat'>().notNull(),
    currency: text('currency').notNull(),
    p25Minor: bigint('p25_minor', { mode: 'number' }).notNull(),
    medianMinor: bigint('median_minor', { mode: 'number' }).notNull(),
    p75Minor: bigint('p75_minor', { mode: 'number' }).notNull(),
    /** p10…p90 by tens (minor units), to place a price among peers; no minimum or maximum is kept. */
    deciles: numeric('deciles', { mode: 'number' }).array().notNull(),
    organizations: integer('organizations').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('peer_benchmarks_cell_idx').on(t.catalogSlug, t.plan, t.seatBand, t.term, t.unit, t.currency),
  ],
);

/** Group-purchasing offers the operator publishes (installation-wide; Scale organizations see them). */
export const groupOffers = pgTable('group_offers', {
  id: uuid('id').primaryKey().defaultRandom(),
  catalogSlug: text('catalog_slug').notNull(),
  title: text('title').notNull(),
  discountPercent: numeric('discount_percent', { mode: 'number' }).notNull(),
  conditions: text('conditions').notNull().default(''),
  expiresOn: date('expires_on'),
  /** 'file' for offers loaded from GROUP_OFFERS_FILE (replaced at each start), else 'api'. */
  source: text('source').$type<'api' | 'file'>().notNull().default('api'),
  createdAt: createdAt(),
});

/** An organization asking for a group offer: once per organization and offer. */
export const groupOfferRequests = pgTable(
  'group_offer_requests',
  {
    organizationId: orgId(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => groupOffers.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'group_offer_requests_pkey', columns: [t.organizationId, t.offerId] })],
);

/** One row per nightly aggregation: how many organizations contributed (installation_too_small below 5). */
export const peerBenchmarkRuns = pgTable('peer_benchmark_runs', {
  runDate: date('run_date').primaryKey(),
  contributors: integer('contributors').notNull(),
  cells: integer('cells').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
