import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { QUEUE_SCHEMA } from '../lib/queue/job-queue';
import { listOrganizationIds as organizationIds } from '../modules/organizations';
import { buildOrgOwner } from '../test/factories';
import { getTestServer, type TestServer } from '../test/test-server';
import { createScheduler, dailySlotMinutes, type DailyJob } from './scheduler';

const clock = fixedClock('2026-03-10T08:00:00Z');
let server: TestServer;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  server = await getTestServer({ clock });
  orgA = (await buildOrgOwner(server.app)).orgId;
  orgB = (await buildOrgOwner(server.app)).orgId;
});
afterAll(() => server.close());

function recordingJob(name: string, calls: string[]): DailyJob {
  return {
    name,
    run: async (_deps, { orgId, date }) => {
      calls.push(`${orgId}:${date}`);
    },
  };
}

const schedulerFor = (jobs: DailyJob[], spreadMinutes = 0) =>
  createScheduler(server.app.deps, server.app.deps.queue, { jobs, organizationIds, spreadMinutes });

describe('daily work on the job queue', () => {
  it('runs each organization once per day, also when two servers plan at once', async () => {
    const calls: string[] = [];
    const job = recordingJob('count', calls);
    const first = schedulerFor([job]);
    const second = createScheduler({ ...server.app.deps }, server.app.deps.queue, {
      jobs: [job],
      organizationIds,
      spreadMinutes: 0,
    });

    await Promise.all([first.tick(), second.tick(), first.tick()]);
    expect(calls.sort()).toEqual([`${orgA}:2026-03-10`, `${orgB}:2026-03-10`].sort());

    clock.advance(6 * 3600 * 1000); // same day, later
    await second.tick();
    expect(calls).toHaveLength(2);

    clock.set('2026-03-11T00:05:00Z');
    await Promise.all([first.tick(), second.tick()]);
    expect(calls.filter((c) => c.endsWith('2026-03-11'))).toHaveLength(2);
  });

  it('spreads organizations over the morning instead of running all at midnight', async () => {
    const calls: string[] = [];
    const scheduler = schedulerFor([recordingJob('spread', calls)], 360);
    const slots = [orgA, orgB].map((id) => dailySlotMinutes(id, 360));
    expect(slots.every((m) => m >= 0 && m < 360)).toBe(true);
    expect(dailySlotMinutes(orgA, 360)).toBe(slots[0]); // stable

    clock.set('2026-03-12T00:00:00Z');
    await scheduler.tick();
    const dueAtMidnight = slots.filter((m) => m === 0).length;
    expect(calls.filter((c) => c.endsWith('2026-03-12'))).toHaveLength(dueAtMidnight);

    clock.set('2026-03-12T06:00:00Z'); // every slot has come
    await scheduler.tick();
    expect(calls.filter((c) => c.endsWith('2026-03-12'))).toHaveLength(2);
  });

  it('catches up missed days after downtime and stops at the catch-up limit', async () => {
    const calls: string[] = [];
    const job = recordingJob('catch-up', calls);
    clock.set('2026-04-01T09:00:00Z');
    await schedulerFor([job]).tick();
    const daysForA = () => calls.filter((c) => c.startsWith(orgA)).map((c) => c.split(':')[1]);
    expect(daysForA()).toContain('2026-04-01');

    clock.set('2026-04-04T09:00:00Z'); // three days later, a "new process"
    await schedulerFor([job]).tick();
    expect(daysForA().slice(-4)).toEqual(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);

    const before = daysForA().length;
    clock.set('2026-05-04T09:00:00Z'); // a month of downtime: only the last 7 days
    await schedulerFor([job]).tick();
    expect(daysForA().length - before).toBe(7);
  });

  it('records a failing step, runs the others, and retries only the failed step through the queue', async () => {
    const calls: string[] = [];
    const attempts = new Map<string, number>();
    const failing: DailyJob = {
      name: 'explodes',
      run: async (_deps, { orgId }) => {
        attempts.set(orgId, (attempts.get(orgId) ?? 0) + 1);
        if (attempts.get(orgId) === 1) throw new Error('boom');
      },
    };
    clock.set('2026-06-01T09:00:00Z');
    const scheduler = schedulerFor([failing, recordingJob('after', calls)]);
    // This file's earlier runs left the days before; start these organizations fresh on this day.
    await server.database.query(`delete from job_runs where run_date < '2026-06-01'`);
    await scheduler.tick();
    expect(calls).toHaveLength(2);
    const failed = await server.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'explodes'), eq(jobRuns.runDate, '2026-06-01')));
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('boom') });

    // The queue holds both runs for a retry after a back-off; bring the retry forward.
    const { rows } = await server.database.query(
      `select state, start_after > now() as later from ${QUEUE_SCHEMA}.job where name = 'daily' and data->>'date' = '2026-06-01'`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.state === 'retry' && r.later === true)).toBe(true);
    await server.database.query(
      `update ${QUEUE_SCHEMA}.job set start_after = now() where name = 'daily' and state = 'retry'`,
    );
    await server.app.deps.queue.drain();

    expect(calls).toHaveLength(2); // the step that succeeded is not run again
    const after = await server.database.db
      .select({ job: jobRuns.job, status: jobRuns.status })
      .from(jobRuns)
      .where(and(eq(jobRuns.scope, orgA), eq(jobRuns.runDate, '2026-06-01')));
    expect(Object.fromEntries(after.map((r) => [r.job, r.status]))).toEqual({
      daily: 'done',
      explodes: 'done',
      after: 'done',
    });
  });

  it('runs one organization’s day at once (a new organization, a demo just loaded), once a day as planned', async () => {
    clock.set('2026-07-01T00:01:00Z');
    const calls: string[] = [];
    const weekly: string[] = [];
    const jobs: DailyJob[] = [
      recordingJob('today', calls),
      { ...recordingJob('once-only', weekly), oncePerDay: true },
    ];
    // A server that plans daily work (the suite's do not).
    const deps = { ...server.app.deps, env: { ...server.app.deps.env, SCHEDULER_ENABLED: true } };
    const scheduler = createScheduler(deps, server.app.deps.queue, {
      jobs,
      organizationIds,
      spreadMinutes: 360,
    });
    await scheduler.runToday(orgA, 'test');
    await server.app.deps.queue.drain();
    expect(calls).toEqual([`${orgA}:2026-07-01`]);
    expect(weekly.filter((c) => c === `${orgA}:2026-07-01`)).toHaveLength(1);
    // The day is claimed: the planner does not run it again for that organization.
    await scheduler.tick();
    expect(calls.filter((c) => c === `${orgA}:2026-07-01`)).toHaveLength(1);
    // Asked again the same day (the demo loaded after onboarding ran the day): every step runs
    // again for what changed since, except one that must act once a day; a repeated ask is one run.
    await scheduler.runToday(orgA, 'demo');
    await scheduler.runToday(orgA, 'demo');
    await server.app.deps.queue.drain();
    expect(calls.filter((c) => c === `${orgA}:2026-07-01`)).toHaveLength(2);
    expect(weekly.filter((c) => c === `${orgA}:2026-07-01`)).toHaveLength(1);
    // A server that plans no daily work sends none.
    const orgC = (await buildOrgOwner(server.app)).orgId;
    const idle = createScheduler(server.app.deps, server.app.deps.queue, {
      jobs,
      organizationIds,
      spreadMinutes: 0,
    });
    await idle.runToday(orgC, 'test');
    await server.app.deps.queue.drain();
    expect(calls.filter((c) => c.startsWith(orgC))).toEqual([]);
  });
});
