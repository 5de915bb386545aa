import { and, desc, eq } from 'drizzle-orm';
import { jobRuns, organizations } from '../db/schema';
import type { ServiceDeps } from '../types';

/** A job that runs once a day, per organization or once for the installation. */
export interface DailyJob {
  name: string;
  perOrganization: boolean;
  run(deps: ServiceDeps, input: { orgId: string | null; date: string }): Promise<void>;
}

export interface SchedulerOptions {
  jobs: DailyJob[];
  /** How often to look for due work (default one minute). */
  intervalMs?: number;
  /** Days a restart catches up at most (default 7). */
  maxCatchUpDays?: number;
  /** Work done on every tick, e.g. e-mail retries. */
  everyTick?: Array<(deps: ServiceDeps) => Promise<unknown>>;
}

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/**
 * The in-process scheduler: no external cron. Each tick runs every daily job for every day it
 * has not yet run (up to maxCatchUpDays back after downtime), claiming each (job, scope, day)
 * in the database first so no two processes run the same one.
 */
export function createScheduler(deps: ServiceDeps, options: SchedulerOptions) {
  const maxCatchUp = options.maxCatchUpDays ?? 7;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function daysDue(job: string, scope: string, today: string): Promise<string[]> {
    const [last] = await deps.db
      .select({ runDate: jobRuns.runDate })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.scope, scope)))
      .orderBy(desc(jobRuns.runDate))
      .limit(1);
    if (!last) return [today];
    const days: string[] = [];
    for (let day = addDays(last.runDate, 1); day <= today; day = addDays(day, 1)) days.push(day);
    return days.slice(-maxCatchUp);
  }

  async function runOnce(job: DailyJob, scope: string, date: string): Promise<boolean> {
    const [claim] = await deps.db
      .insert(jobRuns)
      .values({ job: job.name, scope, runDate: date, startedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: jobRuns.id });
    if (!claim) return false; // Another process has it.
    try {
      await job.run(deps, { orgId: scope || null, date });
      await deps.db
        .update(jobRuns)
        .set({ status: 'done', finishedAt: deps.clock.now() })
        .where(eq(jobRuns.id, claim.id));
    } catch (error) {
      deps.log.error({ err: error, job: job.name, scope, date }, 'Daily job failed');
      await deps.db
        .update(jobRuns)
        .set({ status: 'failed', error: String(error).slice(0, 2000), finishedAt: deps.clock.now() })
        .where(eq(jobRuns.id, claim.id));
    }
    return true;
  }

  /** One pass over all due work; answers how many job runs this process performed. */
  async function tick(): Promise<number> {
    let performed = 0;
    const today = dayOf(deps.clock.now());
    const orgIds = (await deps.db.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
    for (const job of options.jobs) {
      for (const scope of job.perOrganization ? orgIds : ['']) {
        for (const day of await daysDue(job.name, scope, today)) {
          if (await runOnce(job, scope, day)) performed += 1;
        }
      }
    }
    for (const task of options.everyTick ?? []) {
      await task(deps).catch((error: unknown) => deps.log.error({ err: error }, 'Scheduled task failed'));
    }
    return performed;
  }

  return {
    tick,
    start() {
      const loop = () => {
        running ??= tick()
          .then(() => undefined)
          .catch((error: unknown) => deps.log.error({ err: error }, 'Scheduler tick failed'))
          .finally(() => {
            running = null;
          });
      };
      loop();
      timer = setInterval(loop, options.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
