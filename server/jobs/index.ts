import { trialLifecycleJob } from '../modules/billing/trial-lifecycle.job';
import type { ServiceDeps } from '../types';
import type { DailyJob } from './scheduler';

/** Every daily job of the product; features add theirs here. */
export const dailyJobs: DailyJob[] = [trialLifecycleJob];

/** Work done on every scheduler tick. */
export const everyTickTasks: Array<(deps: ServiceDeps) => Promise<unknown>> = [
  (deps) => deps.mailer.retryFailed(),
];
