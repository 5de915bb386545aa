// The processing job of received messages, and the sweep that re-sends the ones a crash left
// `received` between storing and enqueueing.
import type { PeriodicTask } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { INBOUND_MAX_ATTEMPTS } from '../../../common/contracts/invoice-forwarding';
import { staleReceivedMessages } from './messages.repo';
import { processInboundMessage } from './process';

export const INBOUND_QUEUE = 'inbound-message';
/** A message still `received` this long after arriving has lost its job (or its job died). */
const STALE_MS = 10 * 60 * 1000;
/**
 * A started message untouched this long has no live job: its retries (60 s, then 120 s) and an
 * attempt's expiry (10 min) are all shorter. Its server died, or its job failed for good.
 */
const ABANDONED_MS = 3 * STALE_MS;
const SWEEP_BATCH = 500;
/** Older messages are left alone: something is wrong with them that re-sending will not fix. */
const SWEEP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

interface InboundJob {
  orgId: string;
  id: string;
}

/** Declares the queue (server/app.ts, while building the services, before the queue starts). */
export function defineInboundQueue(deps: ServiceDeps): void {
  deps.queue.define<InboundJob>({
    name: INBOUND_QUEUE,
    // As many attempts as a message gets: the last one that fails sets it aside (process.ts).
    retryLimit: INBOUND_MAX_ATTEMPTS - 1,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    // processInboundMessage is idempotent: a retry or a second job books at most once.
    handle: ({ orgId, id }) => processInboundMessage(deps, orgId, id),
  });
}

/** Queues a stored message's processing; the key makes a repeat a no-op. */
export async function enqueueInboundMessage(deps: ServiceDeps, orgId: string, id: string, slot?: string) {
  const key = `inbound:${orgId}:${id}${slot ? `:${slot}` : ''}`;
  await deps.queue.send(INBOUND_QUEUE, { orgId, id } satisfies InboundJob, { key });
}

/**
 * Re-sends every message left `received` for 10 minutes whose processing never started (attempts
 * 0), and every started one abandoned for 30 (its server died mid-attempt, or its job ran out of
 * retries while the database was away): processing counts attempts, so one that has had all its
 * attempts is set aside as `failed` rather than read again. Answers how many.
 */
export async function sweepReceivedMessages(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  const stale = await staleReceivedMessages(deps.db, {
    receivedBefore: new Date(now.getTime() - STALE_MS),
    receivedAfter: new Date(now.getTime() - SWEEP_WINDOW_MS),
    abandonedBefore: new Date(now.getTime() - ABANDONED_MS),
    limit: SWEEP_BATCH,
  });
  // Keyed by the 10-minute slot: several servers sweeping in one slot send one job per message.
  const slot = `sweep-${Math.floor(now.getTime() / STALE_MS)}`;
  for (const row of stale) await enqueueInboundMessage(deps, row.orgId, row.id, slot);
  return stale.length;
}

export const inboundSweepTask: PeriodicTask = {
  name: 'inbound-sweep',
  everyMinutes: 10,
  run: sweepReceivedMessages,
};
