import { date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per daily job, organization and day. The unique key is the claim: whichever process
 * inserts it runs the job, so several servers sharing one database run each job exactly once.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    /** The organization id, or '' for jobs that run once for the whole installation. */
    scope: text('scope').notNull(),
    runDate: date('run_date').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_runs_claim_idx').on(t.job, t.scope, t.runDate)],
);
