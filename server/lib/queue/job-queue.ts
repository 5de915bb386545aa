import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { errorClass } from '../db-errors';
import { throttledErrorLog } from '../logger';
import { storableDeep, storableSlice } from '../storable-text';

/** Where the queue keeps its tables (pg-boss creates and migrates them itself, under a lock). */
export const QUEUE_SCHEMA = 'pgboss';

const QUEUE_LOCK_ID = 727_274_002;

// pg-boss writes a job's outcome without awaiting it (manager.js `watch`: `this.complete(…)`,
// `this.fail(…)`): a rejection there would be unhandled. These are those two statements.
const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<
  'completeJobs' | 'failJobsById',
  (schema: string) => string
>;
const OUTCOME_WRITES = new Set([bossPlans.completeJobs(QUEUE_SCHEMA), bossPlans.failJobsById(QUEUE_SCHEMA)]);
/** Longest error message kept with a failed job. */
const ERROR_MESSAGE_MAX = 1000;

/**
 * The error pg-boss stores with a failed attempt: name, message and stack only, NUL-free and
 * capped, so PostgreSQL takes it (a message quoting mail text once held `\u0000`, and the refused
 * write took the process down). Driver fields (`detail`, `where`) echo values and are dropped.
 */
export function storableError(error: unknown): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const stored = new Error(storableSlice(source.message, ERROR_MESSAGE_MAX));
  stored.name = storableSlice(source.name, 100);
  const frames = (source.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  stored.stack = storableSlice([`${stored.name}: ${stored.message}`, ...frames.slice(0, 20)].join('\n'), 4000);
  return stored;
}

export interface QueueJobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

/** A kind of background work: its name, how it retries, and what it does. */
export interface QueueDefinition<T extends object = Record<string, unknown>> {
  name: string;
  /** Attempts after the first (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits twice as long (default 30). */
  retryDelaySeconds?: number;
  /**
   * The longest an attempt may run (default 10 min). A server that dies mid-run is noticed sooner,
   * by its missing heartbeat (QueueOptions.heartbeatSeconds).
   */
  expireInSeconds?: number;
  /** Jobs one server runs at once (default 1). */
  concurrency?: number;
  handle(data: T, job: QueueJobContext): Promise<void>;
}

export interface SendOptions {
  /** The same key never makes a second job: the idempotency key of an enqueue. */
  key?: string;
  startAfter?: Date;
}

export interface FailedJob {
  id: string;
  queue: string;
  data: Record<string, unknown>;
  retryCount: number;
  error: string;
  createdOn: Date;
  failedOn: Date | null;
}

export interface QueueOptions {
  /** How often idle workers look for jobs sent by other servers (seconds, default 2). */
  pollingIntervalSeconds?: number;
  /** How often expired attempts are failed over to their retry (seconds, default 60). */
  maintenanceIntervalSeconds?: number;
  /**
   * How often a running attempt says it is alive (seconds, default 15). An attempt silent for four
   * beats is taken to have died with its server and goes back in line at once, long before its
   * expiry (pg-boss 10 has no heartbeat of its own).
   */
  heartbeatSeconds?: number;
}

/** A deterministic job id for an idempotency key: the same key always names the same job. */
export function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The durable job queue: pg-boss on the application's own database (PostgreSQL, or the embedded
 * PGlite through the same SQL executor), so jobs survive restarts and any server may run them.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, QueueDefinition<object>>();
  readonly #workers = new Map<string, string[]>();
  readonly #options: Required<QueueOptions>;
  /** Attempts this server is running: never failed over by its own supervision. */
  readonly #running = new Set<string>();
  #supervisor: NodeJS.Timeout | null = null;
  #prepared = false;
  #started = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    options: QueueOptions = {},
  ) {
    this.#options = {
      pollingIntervalSeconds: 2,
      maintenanceIntervalSeconds: 60,
      heartbeatSeconds: 15,
      ...options,
    };
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => this.#execute(text, values) },
      schema: QUEUE_SCHEMA,
      // Cron schedules are not used: the planner decides what is due with the server's clock.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.#options.maintenanceIntervalSeconds,
    });
    // pg-boss polls every queue: during an outage, one line per failure class and half-minute.
    this.#boss.on('error', throttledErrorLog(this.log, 'Job queue error'));
  }

  /**
   * pg-boss's SQL: parameters made storable first; an outcome write that still fails (database
   * down) is logged, not thrown, since nothing awaits it — the attempt then expires into a retry.
   */
  async #execute(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
    const params = values?.map((value) => storableDeep(value));
    if (!OUTCOME_WRITES.has(text)) return this.database.query(text, params);
    try {
      return await this.database.query(text, params);
    } catch (error) {
      this.log.error({ err: errorClass(error) }, 'Job queue: recording a job outcome failed');
      return { rows: [{ count: 0 }] };
    }
  }

  /** Declares a queue and its handler; define it again to replace the handler (tests). */
  define<T extends object>(definition: QueueDefinition<T>): void {
    if (this.#prepared && !this.#definitions.has(definition.name)) {
      throw new Error(`Queue ${definition.name} must be defined before the queue starts`);
    }
    this.#definitions.set(definition.name, definition as QueueDefinition<object>);
  }

  get started(): boolean {
    return this.#started;
  }

  /**
   * Creates or migrates the queue's schema and a partition for every defined queue, without
   * running any worker: enough to send jobs (scripts such as the demo, which leave them to the
   * next server). start() does it first.
   */
  async prepare(): Promise<void> {
    if (this.#prepared) return;
    // pg-boss creates or migrates its schema and each queue's partition; servers booting together
    // take turns, since concurrent CREATE … IF NOT EXISTS statements still collide in PostgreSQL.
    await this.database.exclusively(QUEUE_LOCK_ID, async () => {
      await this.#boss.start();
      for (const definition of this.#definitions.values()) {
        await this.#boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 600,
        });
      }
    });
    this.#prepared = true;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.prepare();
    for (const definition of this.#definitions.values()) {
      const ids: string[] = [];
      for (let i = 0; i < (definition.concurrency ?? 1); i += 1) {
        ids.push(
          await this.#boss.work<object>(
            definition.name,
            {
              batchSize: 1,
              pollingIntervalSeconds: this.#options.pollingIntervalSeconds,
              includeMetadata: true,
            },
            async ([job]) => {
              if (!job) return;
              // Looked up per job: a later define() of the same name replaces the handler.
              const current = this.#definitions.get(definition.name) ?? definition;
              try {
                await this.#withHeartbeat(definition.name, job.id, () =>
                  current.handle(job.data, { id: job.id, retryCount: job.retryCount }),
                );
              } catch (error) {
                this.log.warn(
                  { err: error, queue: definition.name, jobId: job.id, retryCount: job.retryCount },
                  'Job attempt failed',
                );
                throw storableError(error);
              }
            },
          ),
        );
      }
      this.#workers.set(definition.name, ids);
    }
    this.#started = true;
    this.#supervisor = setInterval(
      () =>
        void this.failOverSilent().catch((error: unknown) =>
          this.log.error({ err: errorClass(error) }, 'Job queue supervision failed'),
        ),
      this.#options.heartbeatSeconds * 1000,
    );
    this.#supervisor.unref();
  }

  async stop(): Promise<void> {
    if (!this.#prepared) return;
    this.#prepared = false;
    this.#started = false;
    if (this.#supervisor) clearInterval(this.#supervisor);
    this.#supervisor = null;
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }

  /** Enqueues a job; with a key, a second send of the same key is a no-op. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<void> {
    await this.sendMany([{ name, data, ...options }]);
  }

  async sendMany(jobs: Array<{ name: string; data: object } & SendOptions>): Promise<void> {
    if (jobs.length === 0) return;
    await this.#boss.insert(
      jobs.map((job) => {
        const definition = this.#definitions.get(job.name);
        if (!definition) throw new Error(`No queue named ${job.name}`);
        return {
          name: job.name,
          // Job data is stored as jsonb: no NUL in it, whatever text a caller put there.
          data: storableDeep(job.data),
          ...(job.key ? { id: jobIdFor(`${job.name}:${job.key}`) } : {}),
          ...(job.startAfter ? { startAfter: job.startAfter } : {}),
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 600,
        };
      }),
    );
    // Wake this server's workers at once rather than at their next poll.
    for (const name of new Set(jobs.map((j) => j.name))) this.wake(name);
  }

  wake(name: string): void {
    if (!this.#started) return;
    for (const id of this.#workers.get(name) ?? []) this.#boss.notifyWorker(id);
  }

  /** Jobs waiting, due now or running. */
  async pending(names = [...this.#definitions.keys()]): Promise<number> {
    const { rows } = await this.database.query(
      `select count(*)::int as n from ${QUEUE_SCHEMA}.job
        where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
      [names],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Waits until no job is due or running (a retry scheduled for later does not count). For
   * graceful shutdown, scripts and tests that need a write's effects before they read on. It goes
   * by the queue's state, not the clock: it gives up only when for `stallMs` this server has run
   * nothing and no server beat on a running job while jobs stay due (nobody takes them), however
   * long the running ones take.
   */
  async drain(stallMs = 30_000): Promise<void> {
    let deadline = Date.now() + stallMs;
    for (let pass = 0; ; pass += 1) {
      const { rows } = await this.database.query(
        `select count(*) filter (where state <> 'active')::int as due,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'active' and
                  coalesce((output->>'heartbeatAt')::timestamptz, started_on) >= now() - $2::float8 * interval '1 second')::int as alive
           from ${QUEUE_SCHEMA}.job
          where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        [[...this.#definitions.keys()], this.#options.heartbeatSeconds * 4],
      );
      const count = (key: string) => Number(rows[0]?.[key] ?? 0);
      if (count('due') + count('active') === 0) return;
      // A job running here or beating on another server is progress, however long it takes.
      if (this.#running.size > 0 || count('alive') > 0) deadline = Date.now() + stallMs;
      if (Date.now() > deadline)
        throw new Error(`The job queue did not drain: no job ran for ${stallMs / 1000} s`);
      if (count('due') > 0) for (const name of this.#definitions.keys()) this.wake(name);
      // Polls back off to a quarter second: a busy loop would starve the jobs it waits for (PGlite
      // shares this thread).
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, 10 * 1.5 ** pass)));
    }
  }

  /**
   * Runs an attempt while recording a heartbeat on its job row. pg-boss leaves `output` empty until
   * the attempt ends (then overwrites it), so the beat lives there and needs no table of its own.
   */
  async #withHeartbeat(name: string, id: string, run: () => Promise<void>): Promise<void> {
    this.#running.add(id);
    const beat = setInterval(() => {
      this.database
        .query(
          `update ${QUEUE_SCHEMA}.job set output = jsonb_build_object('heartbeatAt', now())
            where name = $1 and id = $2 and state = 'active'`,
          [name, id],
        )
        .catch((error: unknown) => this.log.warn({ err: errorClass(error) }, 'Job heartbeat failed'));
    }, this.#options.heartbeatSeconds * 1000);
    beat.unref();
    try {
      await run();
    } finally {
      clearInterval(beat);
      this.#running.delete(id);
    }
  }

  /**
   * Puts back in line, due at once, the attempts whose server stopped beating (killed, lost its
   * network): four beats without news. Answers how many. Each server runs it every beat; attempts
   * with no retry left are left to pg-boss's expiry, which records them as failed.
   */
  async failOverSilent(): Promise<number> {
    const { rows } = await this.database.query(
      `update ${QUEUE_SCHEMA}.job
          set state = 'retry', start_after = now(),
              output = jsonb_build_object('message', 'The server running this job stopped; it runs again.')
        where name = any($1::text[]) and state = 'active' and retry_count < retry_limit
          and coalesce((output->>'heartbeatAt')::timestamptz, started_on) < now() - $2::float8 * interval '1 second'
          and not (id = any($3::uuid[]))
        returning name`,
      [[...this.#definitions.keys()], this.#options.heartbeatSeconds * 4, [...this.#running]],
    );
    for (const name of new Set(rows.map((r) => String(r.name)))) this.wake(name);
    return rows.length;
  }

  /** Jobs that used up their retries, newest first; `scope` narrows to one organization's. */
  async failedJobs(orgId: string, limit = 100): Promise<FailedJob[]> {
    const { rows } = await this.database.query(
      `select id, name, data, retry_count, output, created_on, completed_on from ${QUEUE_SCHEMA}.job
        where state = 'failed' and data->>'orgId' = $1 order by completed_on desc nulls last limit $2`,
      [orgId, limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      queue: String(row.name),
      data: (row.data ?? {}) as Record<string, unknown>,
      retryCount: Number(row.retry_count),
      error: failureMessage(row.output),
      createdOn: new Date(String(row.created_on)),
      failedOn: row.completed_on ? new Date(String(row.completed_on)) : null,
    }));
  }

  /** Puts a failed job of the organization back in line; false when there is no such job. */
  async retry(orgId: string, queue: string, id: string): Promise<boolean> {
    const { rows } = await this.database.query(
      `select 1 from ${QUEUE_SCHEMA}.job where name = $1 and id = $2 and state = 'failed' and data->>'orgId' = $3`,
      [queue, id, orgId],
    );
    if (rows.length === 0) return false;
    await this.#boss.retry(queue, id);
    this.wake(queue);
    return true;
  }
}

function failureMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output)
    return String(output.message).slice(0, 500);
  return 'The job failed.';
}

/** Kept here too: modules log their own failures with it (`errorClass` in db-errors). */
export { errorClass } from '../db-errors';
