import pino from 'pino';
import { performance } from 'node:perf_hooks';
import { publishEvent } from '../../server/lib/events/publish';
import { EventBus } from '../../server/lib/events/event-bus';
import { JobQueue } from '../../server/lib/queue/job-queue';
import { buildOrgOwner } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import type { BenchResult } from './harness';

const JOBS = 2_000;
const LATENCY_SAMPLES = 100;

/**
 * The job queue on this run's database: how many jobs a second one server runs (sent in bulk,
 * run by 4 workers), and the latency from a write's commit to its event handler starting.
 */
export async function queueBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  const log = pino({ level: 'silent' });
  try {
    const orgId = (await buildOrgOwner(server.app)).orgId;
    const queue = new JobQueue(server.database, log, { pollingIntervalSeconds: 0.5 });
    let done = 0;
    queue.define({ name: 'bench.noop', concurrency: 4, handle: async () => void (done += 1) });
    const bus = new EventBus(server.database.db, queue, (error) => log.error(error));
    let committedAt = 0;
    const latencies: number[] = [];
    bus.subscribe({
      name: 'bench.latency',
      events: ['person.offboarded'],
      handle: async () => void latencies.push(performance.now() - committedAt),
    });
    await queue.start();

    const start = performance.now();
    for (let i = 0; i < JOBS; i += 500) {
      await queue.sendMany(
        Array.from({ length: 500 }, (_, k) => ({ name: 'bench.noop', data: { orgId, n: i + k } })),
      );
    }
    await queue.drain(120_000);
    const seconds = (performance.now() - start) / 1000;

    for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
      await server.database.db.transaction((tx) =>
        publishEvent(tx, orgId, 'person.offboarded', { personId: String(i) }, new Date()),
      );
      committedAt = performance.now();
      bus.nudge(); // what the server does once a write's response has gone out
      while (latencies.length <= i) await new Promise((r) => setTimeout(r, 1));
    }
    await queue.stop();
    latencies.sort((a, b) => a - b);
    const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    return [
      {
        name: `queue: ${JOBS} jobs sent and run`,
        iterations: JOBS,
        meanMs: (seconds * 1000) / JOBS,
        p50Ms: (seconds * 1000) / JOBS,
        p95Ms: (seconds * 1000) / JOBS,
        maxMs: seconds * 1000,
        note: `${Math.round(done / seconds)} jobs/s (4 workers, one server)`,
      },
      {
        name: 'queue: commit → event handler',
        iterations: LATENCY_SAMPLES,
        meanMs: latencies.reduce((a, b) => a + b, 0) / latencies.length,
        p50Ms: pick(0.5),
        p95Ms: pick(0.95),
        maxMs: latencies.at(-1)!,
        note: 'outbox relay + queue + idempotency row',
      },
    ];
  } finally {
    await server.close();
  }
}
