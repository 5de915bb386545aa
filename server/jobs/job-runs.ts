// Claims in job_runs for work that must run once a day whatever the number of servers: the unique
// (job, scope, run_date) index lets exactly one claim win.
import { eq } from 'drizzle-orm';
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
