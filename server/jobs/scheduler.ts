import { addDays, todayInTimeZone } from '../../common/dates';
import { createHash } from 'node:crypto';
import type { JobQueue } from '../lib/queue/job-queue';
import { storableSlice } from '../lib/storable-text';
import type { ServiceDeps } from '../types';
import { claimJobRun, jobsDoneOn, lastJobRunDate, recordJobRun } from './job-runs.repo';

/** Work each organization needs once a day, in list order (renewals settle before alerts run). */
export interface DailyJob {
  name: string;
  /**
   * A step that must act once a day at most, since nothing else stops it acting twice (the Monday
   * savings digest): a second run of the same day (`runToday` after today's run) skips it.
   */
  oncePerDay?: boolean;
  run(deps: ServiceDeps, input: { orgId: string; date: string }): Promise<void>;
}

/** Work the installation needs every few minutes, on one server at a time (e-mail retries…). */
export interface PeriodicTask {
  name: string;
  /** How often (default every minute). */
  everyMinutes?: number;
  run(deps: ServiceDeps): Promise<unknown>;
}

export interface SchedulerOptions {
  jobs: DailyJob[];
  /** Every organization's id (organizations' `listOrganizationIds`; passed in, so this file and
   * server/types.ts, which names the scheduler, import no module). */
  organizationIds: (db: ServiceDeps['db']) => Promise<string[]>;
  tasks?: PeriodicTask[];
  /** How often the planner looks for due work (default one minute). */
  intervalMs?: number;
  /** Days a restart catches up at most (default 7). */
  maxCatchUpDays?: number;
  /** Minutes after 00:00 UTC over which organizations' daily runs are spread (default 360). */
  spreadMinutes?: number;
}

const DAILY_RUN = 'daily';

/**
 * When in the day an organization's daily run is due, in minutes after midnight UTC: a stable hash
 * of its id spread over the window, so ten thousand organizations do not all start at 00:00.
 */
export function dailySlotMinutes(orgId: string, spreadMinutes: number): number {
  if (spreadMinutes <= 0) return 0;
  return createHash('sha256').update(orgId).digest().readUInt32BE(0) % spreadMinutes;
}

interface DailyRunData {
  orgId: string;
  date: string;
  /** A second run of the day (`runToday` after today's run): every step again but `oncePerDay` ones. */
  again?: boolean;
}

/**
 * Daily and periodic work on the durable job queue. The planner (every server runs it; it is
 * cheap) claims each organization's run for a day in `job_runs` and sends one queue job for it; the
 * queue runs it on one server, retries it with back-off when a step fails, and runs it again after
 * a server died mid-run. Steps already done that day are skipped on a retry.
 */
export function createScheduler(deps: ServiceDeps, queue: JobQueue, options: SchedulerOptions) {
  const maxCatchUp = options.maxCatchUpDays ?? 7;
  const spread = options.spreadMinutes ?? 360;
  let timer: NodeJS.Timeout | null = null;
  let planning: Promise<number> | null = null;

  queue.define<DailyRunData>({
    name: DAILY_RUN,
    retryLimit: 5,
    retryDelaySeconds: 60,
    // The longest a day may run; a server killed mid-run is noticed within a minute by the queue's
    // heartbeat, and the retry skips the steps already done.
    expireInSeconds: 1800,
    handle: (data) => runDay(data),
  });
  for (const task of options.tasks ?? []) {
    queue.define<{ orgId?: string }>({
      name: `task.${task.name}`,
      retryLimit: 0,
      expireInSeconds: 300,
      handle: async () => {
        await task.run(deps);
      },
    });
  }

  /** One organization's day: every step not yet done, each recorded; throws if any failed. */
  async function runDay({ orgId, date, again = false }: DailyRunData): Promise<void> {
    const recorded = await jobsDoneOn(
      deps.db,
      orgId,
      date,
      options.jobs.map((j) => j.name),
    );
    const done = again
      ? new Set(options.jobs.filter((j) => j.oncePerDay && recorded.has(j.name)).map((j) => j.name))
      : recorded;
    const failed: string[] = [];
    for (const job of options.jobs) {
      if (done.has(job.name)) continue;
      const startedAt = deps.clock.now();
      try {
        await job.run(deps, { orgId, date });
        await record(job.name, orgId, date, { status: 'done', error: null, startedAt });
      } catch (error) {
        deps.log.error({ err: error, job: job.name, orgId, date }, 'Daily job failed');
        failed.push(job.name);
        await record(job.name, orgId, date, {
          status: 'failed',
          // An error may quote outside text (a NUL from a mail or a file): store what PostgreSQL takes.
          error: storableSlice(String(error), 2000),
          startedAt,
        });
      }
    }
    await record(DAILY_RUN, orgId, date, {
      status: failed.length ? 'failed' : 'done',
      error: failed.length ? `Failed: ${failed.join(', ')}` : null,
      startedAt: null,
    });
    if (failed.length) throw new Error(`Daily steps failed for ${date}: ${failed.join(', ')}`);
  }

  async function record(
    job: string,
    scope: string,
    runDate: string,
    values: { status: 'done' | 'failed'; error: string | null; startedAt: Date | null },
  ) {
    const now = deps.clock.now();
    await recordJobRun(deps.db, {
      job,
      scope,
      runDate,
      status: values.status,
      error: values.error,
      startedAt: values.startedAt ?? now,
      finishedAt: now,
    });
  }

  /** The days an organization still needs, oldest first, that are due by now. */
  async function daysDue(orgId: string, now: Date): Promise<string[]> {
    const today = todayInTimeZone(now);
    const slotReached =
      now.getTime() - Date.parse(`${today}T00:00:00Z`) >= dailySlotMinutes(orgId, spread) * 60_000;
    const last = await lastJobRunDate(deps.db, DAILY_RUN, orgId);
    const days: string[] = [];
    const first = last ? addDays(last, 1) : today;
    for (let day = first; day <= today; day = addDays(day, 1)) days.push(day);
    return days.slice(-maxCatchUp).filter((day) => day < today || slotReached);
  }

  /** One planning pass: answers how many organization-days it handed to the queue. */
  async function plan(): Promise<number> {
    const now = deps.clock.now();
    let sent = 0;
    const orgIds = await options.organizationIds(deps.db);
    for (const orgId of orgIds) {
      for (const date of await daysDue(orgId, now)) {
        // Send first, keyed by organization and day (a repeat is a no-op), then claim: a crash in
        // between makes the next pass send the same job again, never a second one.
        await queue.send(DAILY_RUN, { orgId, date }, { key: `${orgId}:${date}` });
        const claim = await claimJobRun(deps.db, {
          job: DAILY_RUN,
          scope: orgId,
          runDate: date,
          startedAt: now,
        });
        if (claim) sent += 1;
      }
    }
    await planTasks(now);
    return sent;
  }

  /** The periodic tasks, keyed by their time slot: however many servers plan, each runs once a slot. */
  async function planTasks(now: Date): Promise<void> {
    const minute = Math.floor(now.getTime() / 60_000);
    await queue.sendMany(
      (options.tasks ?? []).map((t) => ({
        name: `task.${t.name}`,
        data: {},
        key: String(Math.floor(minute / (t.everyMinutes ?? 1))),
      })),
    );
  }

  /**
   * One organization's daily work for today, now, on the queue rather than at its slot: for an
   * organization just created or a demo company just loaded, so renewals roll and renewal and
   * cancel-by alerts exist on day one. When today's run is not planned yet this is it (claimed as
   * the planner claims it, so the day runs once); when it is, the day's steps run again for what
   * changed since (each is idempotent; `oncePerDay` ones are skipped). `reason` keys that second
   * run, so a retried request sends it once. A server that plans no daily work
   * (SCHEDULER_ENABLED=false, as in the test suite) sends none: the planner's run does it.
   */
  async function runToday(orgId: string, reason: string): Promise<void> {
    if (!deps.env.SCHEDULER_ENABLED) return;
    const now = deps.clock.now();
    const date = todayInTimeZone(now);
    // As the planner does: send first, keyed by organization and day (a repeat is a no-op), then claim.
    await queue.send(DAILY_RUN, { orgId, date }, { key: `${orgId}:${date}` });
    const claim = await claimJobRun(deps.db, { job: DAILY_RUN, scope: orgId, runDate: date, startedAt: now });
    if (claim) return;
    await queue.send(DAILY_RUN, { orgId, date, again: true }, { key: `${orgId}:${date}:${reason}` });
  }

  function planOnce(): Promise<number> {
    planning ??= plan().finally(() => {
      planning = null;
    });
    return planning;
  }

  return {
    plan: planOnce,
    runToday,
    /** Plans and waits for the queue to run what it planned (scripts, tests). */
    async tick(): Promise<number> {
      const sent = await planOnce();
      await queue.drain();
      return sent;
    },
    /** Runs the periodic tasks now, whether or not they ran this minute (scripts, tests). */
    async runTasks(): Promise<void> {
      await queue.sendMany((options.tasks ?? []).map((t) => ({ name: `task.${t.name}`, data: {} })));
      await queue.drain();
    },
    start() {
      const loop = () =>
        void planOnce().catch((error: unknown) => deps.log.error({ err: error }, 'Scheduler pass failed'));
      loop();
      timer = setInterval(loop, options.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await planning?.catch(() => undefined);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
