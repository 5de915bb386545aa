import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InsightSettings } from '../../../common/insights/settings';
import type {
  Confidence,
  Decision,
  Evidence,
  OpportunityType,
  SavingClaim,
} from '../../../common/insights/opportunity';
import type {
  DismissReason,
  InsightBaseline,
  InsightState,
  RealizedSource,
} from '../../../common/contracts/insights';
import { users } from './auth';
import { createdAt, timestamps, updatedAt } from './columns';
import { organizationId as orgId, tenantReference, tenantTable } from './tenant';

/**
 * A savings opportunity (issue 16): what a detector found, kept across daily generations under its
 * stable key (type + subject), with the pipeline state people move it through.
 */
export const insightOpportunities = tenantTable(
  'insight_opportunities',
  {
    /** Type + subject (common/insights/opportunity.ts `opportunityKey`): unique per organization. */
    key: text('key').notNull(),
    type: text('type').$type<OpportunityType>().notNull(),
    title: text('title').notNull(),
    /** The deterministic template text. */
    explanation: text('explanation').notNull(),
    /**
     * The AI narrative (optional, LLM_BASE_URL): the model's wording of `narrativeOf`, shown while
     * that is still the explanation; a changed explanation falls back to the template text.
     */
    narrative: text('narrative'),
    narrativeOf: text('narrative_of'),
    evidence: jsonb('evidence').$type<Evidence[]>().notNull(),
    /** Yearly saving in `currency`; null when a price is missing (`savingUnavailable` says which). */
    savingMinor: bigint('saving_minor', { mode: 'number' }),
    /** What this opportunity adds to the organization's total once overlaps count once (dedupe.ts). */
    countedMinor: bigint('counted_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    arithmetic: text('arithmetic'),
    savingUnavailable: text('saving_unavailable'),
    confidence: text('confidence').$type<Confidence>().notNull(),
    confidenceReason: text('confidence_reason').notNull(),
    applicationIds: uuid('application_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    personIds: uuid('person_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    claims: jsonb('claims').$type<SavingClaim[]>().notNull(),
    /** The application decision it is: usage known or not, the renewal's seats, the alternatives (decisions.ts). */
    decision: jsonb('decision').$type<Decision>(),
    actionPath: text('action_path').notNull(),
    actionText: text('action_text').notNull(),
    /** Whether the latest generation still found it; a vanished one leaves the open lists. */
    detected: boolean('detected').notNull().default(true),
    state: text('state').$type<InsightState>().notNull().default('new'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    /** Hidden from open lists until this date, then back as it was. */
    snoozedUntil: date('snoozed_until'),
    dismissReason: text('dismiss_reason').$type<DismissReason>(),
    dismissNote: text('dismiss_note'),
    /** The saving when it was dismissed: it comes back only if the saving grows by more than 50 %. */
    dismissedSavingMinor: bigint('dismissed_saving_minor', { mode: 'number' }),
    /** What the subject cost when the opportunity was found (auto-realisation measures against it). */
    baseline: jsonb('baseline').$type<InsightBaseline>(),
    realizedMinor: bigint('realized_minor', { mode: 'number' }),
    realizedSource: text('realized_source').$type<RealizedSource>(),
    /** Annual cost after the change, when measured (auto-realisation). */
    afterAnnualMinor: bigint('after_annual_minor', { mode: 'number' }),
    realizedAt: timestamp('realized_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('insight_opportunities_key_idx').on(t.organizationId, t.key),
    index('insight_opportunities_org_state_idx').on(t.organizationId, t.state, t.detected),
    index('insight_opportunities_org_realized_idx').on(t.organizationId, t.realizedAt),
  ],
);

/** A comment on an opportunity: the discussion while it moves through the pipeline. */
export const insightComments = tenantTable(
  'insight_comments',
  {
    opportunityId: uuid('opportunity_id').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('insight_comments_opportunity_fk', t, t.opportunityId, insightOpportunities, 'cascade'),
    index('insight_comments_org_opportunity_idx').on(t.organizationId, t.opportunityId, t.createdAt),
  ],
);

/** Per organization: its insight thresholds and when insights were last generated or refreshed. */
export const insightSettings = pgTable('insight_settings', {
  organizationId: orgId().primaryKey(),
  /** Only what the organization changed; resolveInsightSettings fills in the defaults. */
  settings: jsonb('settings').$type<Partial<InsightSettings>>().notNull().default({}),
  /** The end of the last generation (daily or on demand). */
  generatedAt: timestamp('generated_at', { withTimezone: true }),
  /** The last "Refresh now": another is refused for 5 minutes. */
  refreshRequestedAt: timestamp('refresh_requested_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});
