// The sync queue (one job per connection and trigger) and the daily step that sends each
// connection's job. A retry of a failed attempt continues the same run from its saved cursors.
import type { DailyJob } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { syncableConnections } from './connectors.repo';
import { runConnectorSync, type RunReason } from './sync.service';

export const CONNECTOR_SYNC_QUEUE = 'connector-sync';
/** Retries of a failed attempt, each continuing the run where it stopped. */
const SYNC_RETRIES = 4;

interface SyncJob {
  orgId: string;
  connectionId: string;
  reason: RunReason;
}

/** Declares the queue (server/app.ts, while building the services, before the queue starts). */
export function defineConnectorQueue(deps: ServiceDeps): void {
  deps.queue.define<SyncJob>({
    name: CONNECTOR_SYNC_QUEUE,
    retryLimit: SYNC_RETRIES,
    retryDelaySeconds: 60,
    expireInSeconds: 1800,
    handle: async ({ orgId, connectionId, reason }, job) => {
      await runConnectorSync(deps, orgId, connectionId, reason, {
        finalAttempt: job.retryCount >= SYNC_RETRIES,
      });
    },
  });
}

/** Queues a connection's sync; `slot` makes a repeat within it a no-op (a day, a click). */
export async function enqueueConnectorSync(deps: ServiceDeps, job: SyncJob, slot: string): Promise<void> {
  await deps.queue.send(
    CONNECTOR_SYNC_QUEUE,
    { ...job },
    { key: `connector-sync:${job.connectionId}:${slot}` },
  );
}

/** Every connected provider syncs once a day. */
export const connectorsJob: DailyJob = {
  name: 'connectors',
  async run(deps, { orgId, date }) {
    for (const connection of await syncableConnections(deps.db, orgId)) {
      await enqueueConnectorSync(deps, { orgId, connectionId: connection.id, reason: 'daily' }, date);
    }
  },
};

/** A slot for "Sync now": one job per minute at most. */
export const manualSlot = (deps: ServiceDeps) => `manual-${Math.floor(deps.clock.now().getTime() / 60_000)}`;
