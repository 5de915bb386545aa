// Claims in job_runs for work that must run once a day whatever the number of servers: the unique
// (job, scope, run_date) index lets exactly one claim win.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobRuns } from '../db/schema';

export interface RunClaim {
  job: string;
  /** The organization id, or a fixed name for work done once for the whole installation. */
  scope: string;
  runDate: string;
  startedAt: Date;
}

/** Claims a job's day for a scope: the claim's id, or null when another run already holds it. */
export async function claimJobRun(db: DbOrTx, claim: RunClaim): Promise<string | null> {
  const [row] = await db.insert(jobRuns).values(claim).onConflictDoNothing().returning({ id: jobRuns.id });
  return row?.id ?? null;
}

/** Records a claimed run as done. */
export async function finishJobRun(db: DbOrTx, id: string, finishedAt: Date): Promise<void> {
  await db.update(jobRuns).set({ status: 'done', finishedAt }).where(eq(jobRuns.id, id));
}

/** Gives a claimed day back (the run failed): the next attempt, on any server, may claim it again. */
export async function releaseJobRun(db: DbOrTx, id: string): Promise<void> {
  await db.delete(jobRuns).where(eq(jobRuns.id, id));
}

/** The steps of a scope's day already done, among `jobs`. */
export async function jobsDoneOn(
  db: DbOrTx,
  scope: string,
  runDate: string,
  jobs: string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ job: jobRuns.job })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.scope, scope),
        eq(jobRuns.runDate, runDate),
        eq(jobRuns.status, 'done'),
        inArray(jobRuns.job, jobs),
      ),
    );
  return new Set(rows.map((r) => r.job));
}

export interface RunOutcome {
  job: string;
  scope: string;
  runDate: string;
  status: 'done' | 'failed';
  error: string | null;
  startedAt: Date;
  finishedAt: Date;
}

/** Records how a job's day ended for a scope (a retry overwrites the status, error and end). */
export async function recordJobRun(db: DbOrTx, run: RunOutcome): Promise<void> {
  await db
    .insert(jobRuns)
    .values(run)
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.scope, jobRuns.runDate],
      set: { status: run.status, error: run.error, finishedAt: run.finishedAt },
    });
}

/** The last day a job ran (or was claimed) for a scope, if any. */
export async function lastJobRunDate(db: DbOrTx, job: string, scope: string): Promise<string | null> {
  const [last] = await db
    .select({ runDate: jobRuns.runDate })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.scope, scope)))
    .orderBy(desc(jobRuns.runDate))
    .limit(1);
  return last?.runDate ?? null;
}
