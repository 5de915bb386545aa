import type { DailyJob } from '../jobs/scheduler';
import { createScheduler } from '../jobs/scheduler';
import { listOrganizationIds } from '../modules/organizations';
import type { ServiceDeps } from '../types';

/** A scheduler running only the given daily jobs, every organization due from midnight (no spread). */
export function testScheduler(deps: ServiceDeps, jobs: DailyJob[]) {
  return createScheduler(deps, deps.queue, { jobs, organizationIds: listOrganizationIds, spreadMinutes: 0 });
}
