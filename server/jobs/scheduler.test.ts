import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { buildOrgOwner } from '../test/factories';
import { getTestServer, type TestServer } from '../test/test-server';
import type { ServiceDeps } from '../types';
import { createScheduler, type DailyJob } from './scheduler';

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
    perOrganization: true,
    run: async (_deps, { orgId, date }) => {
      calls.push(`${orgId}:${date}`);
    },
  };
}

describe('scheduler', () => {
  it('runs a daily job once per organization per day, also with two app instances on one database', async () => {
    const calls: string[] = [];
    const job = recordingJob('count', calls);
    const deps: ServiceDeps = server.app.deps;
    const first = createScheduler(deps, { jobs: [job] });
    const second = createScheduler({ ...deps }, { jobs: [job] });

    await Promise.all([first.tick(), second.tick(), first.tick()]);
    expect(calls.sort()).toEqual([`${orgA}:2026-03-10`, `${orgB}:2026-03-10`].sort());

    clock.advance(6 * 3600 * 1000); // same day, later
    await second.tick();
    expect(calls).toHaveLength(2);

    clock.set('2026-03-11T00:05:00Z');
    await Promise.all([first.tick(), second.tick()]);
    expect(calls.filter((c) => c.endsWith('2026-03-11'))).toHaveLength(2);
  });

  it('catches up missed days after downtime, survives a restart, and stops at the catch-up limit', async () => {
    const calls: string[] = [];
    const job = recordingJob('catch-up', calls);
    clock.set('2026-04-01T09:00:00Z');
    await createScheduler(server.app.deps, { jobs: [job] }).tick();
    expect(calls).toHaveLength(2);

    clock.set('2026-04-04T09:00:00Z'); // three days later, a "new process"
    await createScheduler(server.app.deps, { jobs: [job] }).tick();
    const daysForA = calls.filter((c) => c.startsWith(orgA)).map((c) => c.split(':')[1]);
    expect(daysForA).toEqual(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);

    clock.set('2026-05-04T09:00:00Z'); // a month of downtime: only the last 7 days
    await createScheduler(server.app.deps, { jobs: [job] }).tick();
    expect(calls.filter((c) => c.startsWith(orgA))).toHaveLength(4 + 7);
  });

  it('records a failing job as failed without stopping the others', async () => {
    const calls: string[] = [];
    const failing: DailyJob = {
      name: 'explodes',
      perOrganization: false,
      run: async () => {
        throw new Error('boom');
      },
    };
    clock.set('2026-06-01T09:00:00Z');
    await createScheduler(server.app.deps, { jobs: [failing, recordingJob('after', calls)] }).tick();
    expect(calls).toHaveLength(2);
    const [row] = await server.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'explodes'), eq(jobRuns.runDate, '2026-06-01')));
    expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('boom') });
  });
});
