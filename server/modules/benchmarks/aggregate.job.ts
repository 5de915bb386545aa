// The nightly peer benchmark's periodic task: once a day on one server (aggregate.repo.ts computes it).
import { todayInTimeZone } from '../../../common/dates';
import { claimJobRun, finishJobRun, releaseJobRun } from '../../jobs/job-runs.repo';
import type { PeriodicTask } from '../../jobs/scheduler';
import { aggregatePeerBenchmarks, type AggregationResult } from './aggregate.repo';

const TASK = 'peer-benchmarks';
const INSTALLATION = 'installation';

/**
 * Once a day, whatever the number of servers: the periodic task is planned hourly on every server;
 * the first to claim the day in job_runs runs it, the others find the claim and stop.
 */
export const peerBenchmarksTask: PeriodicTask = {
  name: TASK,
  everyMinutes: 60,
  run: async (deps) => {
    const now = deps.clock.now();
    const claim = await claimJobRun(deps.db, {
      job: TASK,
      scope: INSTALLATION,
      runDate: todayInTimeZone(now),
      startedAt: now,
    });
    if (!claim) return null;
    let result: AggregationResult;
    try {
      result = await aggregatePeerBenchmarks(deps.db, now);
    } catch (error) {
      // Give the day back: the next hourly run (on any server) tries again.
      await releaseJobRun(deps.db, claim);
      throw error;
    }
    await finishJobRun(deps.db, claim, deps.clock.now());
    return result;
  },
};
