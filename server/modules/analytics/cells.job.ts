// Keeps analytics_spend_cells caught up (cells.repo.ts): one queue job per organization with marks,
// sent after an analytics answer read the rollup because the cells were behind, and a sweep every
// minute for the organizations nobody looked at (reports, budgets read the same figures).
import type { PeriodicTask } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { organizationsWithMarks, refreshSpendCells, spendCellsCurrent } from './cells.repo';

const QUEUE = 'analytics.spend-cells';
/** Sends within this window share one job (a job's key is used once). */
const SLOT_MS = 10_000;
const SWEEP_BATCH = 200;

interface SpendCellsJob {
  orgId: string;
}

/** Declares the queue (server/app.ts, while building the services, before the queue starts). */
export function defineSpendCellsQueue(deps: ServiceDeps): void {
  deps.queue.define<SpendCellsJob>({
    name: QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 900,
    // Idempotent: a repeated job finds no marks, or rebuilds what is marked again.
    handle: async ({ orgId }) => {
      await refreshSpendCells(deps.db, orgId);
    },
  });
}

/** Queues the organization's catch-up when its cells are behind (after an answer is sent). */
export async function nudgeSpendCells(deps: ServiceDeps, orgId: string): Promise<void> {
  if (await spendCellsCurrent(deps.db, orgId)) return;
  const slot = Math.floor(deps.clock.now().getTime() / SLOT_MS);
  await deps.queue.send(QUEUE, { orgId } satisfies SpendCellsJob, { key: `${orgId}:${slot}` });
}

/** Every minute: a job for each organization whose cells are behind. */
export const spendCellsTask: PeriodicTask = {
  name: 'analytics-spend-cells',
  run: async (deps) => {
    const orgIds = await organizationsWithMarks(deps.db, SWEEP_BATCH);
    const slot = Math.floor(deps.clock.now().getTime() / SLOT_MS);
    await deps.queue.sendMany(
      orgIds.map((orgId) => ({
        name: QUEUE,
        data: { orgId } satisfies SpendCellsJob,
        key: `${orgId}:${slot}`,
      })),
    );
    return orgIds.length;
  },
};
