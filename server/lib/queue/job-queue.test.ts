import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from '../../test/test-server';
import { JobQueue, QUEUE_SCHEMA } from './job-queue';

let server: TestServer;
let queue: JobQueue;
const runs: Array<{ queue: string; data: object; retryCount: number }> = [];
let failUntil = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  server = await getTestServer();
  queue = new JobQueue(server.database, server.app.log);
  queue.define<{ orgId: string; n: number }>({
    name: 'test.record',
    handle: async (data, job) => {
      runs.push({ queue: 'test.record', data, retryCount: job.retryCount });
    },
  });
  // Fails quoting outside text, as the reader of a forwarded mail once did (issue 30).
  queue.define<{ orgId: string; text: string }>({
    name: 'test.poison',
    retryLimit: 0,
    handle: async (data) => {
      runs.push({ queue: 'test.poison', data, retryCount: 0 });
      throw new Error(`cannot read "${data.text}\u0000"`);
    },
  });
  queue.define<{ orgId: string }>({
    name: 'test.flaky',
    retryLimit: 3,
    retryDelaySeconds: 10,
    handle: async (data, job) => {
      runs.push({ queue: 'test.flaky', data, retryCount: job.retryCount });
      if (runs.filter((r) => r.queue === 'test.flaky').length <= failUntil) throw new Error('receiver down');
    },
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await server.close();
});

/** Seconds until the flaky job's next attempt, then brings that attempt forward to now. */
async function nextRetryDelay(): Promise<number> {
  const { rows } = await server.database.query(
    `select extract(epoch from start_after - now())::float as delay, state from ${QUEUE_SCHEMA}.job where name = 'test.flaky'`,
  );
  expect(rows[0]?.state).toBe('retry');
  await server.database.query(`update ${QUEUE_SCHEMA}.job set start_after = now() where name = 'test.flaky'`);
  return Number(rows[0]?.delay);
}

describe('job queue', () => {
  it('runs a job once however often the same key is sent', async () => {
    await Promise.all([1, 2, 3].map(() => queue.send('test.record', { orgId: 'o1', n: 1 }, { key: 'same' })));
    await queue.send('test.record', { orgId: 'o1', n: 2 }, { key: 'other' });
    await queue.drain();
    expect(
      runs
        .filter((r) => r.queue === 'test.record')
        .map((r) => (r.data as { n: number }).n)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('retries a failing job with exponential back-off, then keeps it as failed for an owner to retry', async () => {
    await queue.send('test.flaky', { orgId: 'org-a' });
    await queue.drain();
    const delays = [await nextRetryDelay()];
    await queue.drain();
    delays.push(await nextRetryDelay());
    await queue.drain();
    delays.push(await nextRetryDelay());
    await queue.drain(); // the fourth attempt fails too: retries used up

    // 10 s, then 20 s, then 40 s, each with up to as much jitter again.
    expect(delays[0]).toBeGreaterThanOrEqual(9);
    expect(delays[0]).toBeLessThan(21);
    expect(delays[1]).toBeGreaterThanOrEqual(19);
    expect(delays[1]).toBeLessThan(41);
    expect(delays[2]).toBeGreaterThanOrEqual(39);
    expect(delays[2]).toBeLessThan(81);
    expect(runs.filter((r) => r.queue === 'test.flaky').map((r) => r.retryCount)).toEqual([0, 1, 2, 3]);

    const [failed] = await queue.failedJobs('org-a');
    expect(failed).toMatchObject({ queue: 'test.flaky', error: 'receiver down', retryCount: 3 });
    expect(await queue.failedJobs('org-b')).toEqual([]);
    expect(await queue.retry('org-b', 'test.flaky', failed!.id)).toBe(false); // not theirs

    failUntil = 0; // the receiver is back
    expect(await queue.retry('org-a', 'test.flaky', failed!.id)).toBe(true);
    await queue.drain();
    expect(await queue.failedJobs('org-a')).toEqual([]);
    expect(runs.filter((r) => r.queue === 'test.flaky')).toHaveLength(5);
  });

  it('stores the error of a handler quoting NUL text: the job ends failed, nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      await queue.send('test.poison', { orgId: 'org-poison', text: 'Invoice\u0000 \uD800 total' });
      await queue.drain(10_000);
      const [failed] = await queue.failedJobs('org-poison');
      expect(failed).toMatchObject({ queue: 'test.poison', error: 'cannot read "Invoice \uFFFD total"' });
      // Its data went in without the NUL too.
      expect(runs.find((r) => r.queue === 'test.poison')?.data).toEqual({
        orgId: 'org-poison',
        text: 'Invoice \uFFFD total',
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});

describe('job heartbeat', () => {
  it('keeps a long attempt on its server: another server does not take it while it beats', async () => {
    // Two servers on one database, beating every 0.2 s: silence of 0.8 s would hand the job over.
    const servers = [0, 1].map(
      () => new JobQueue(server.database, server.app.log, { heartbeatSeconds: 0.2 }),
    );
    const attempts: number[] = [];
    for (const [i, q] of servers.entries()) {
      q.define<{ orgId: string }>({
        name: 'test.long',
        expireInSeconds: 600,
        handle: async () => {
          attempts.push(i);
          await new Promise((resolve) => setTimeout(resolve, 2_500));
        },
      });
      await q.start();
    }
    await servers[0]!.send('test.long', { orgId: 'org-a' });
    await servers[0]!.drain();
    for (const q of servers) await q.stop();
    expect(attempts).toHaveLength(1);
  });
});

describe('drain', () => {
  it('waits for a job however long it runs, and gives up only when nothing runs', async () => {
    const q = new JobQueue(server.database, server.app.log, { heartbeatSeconds: 0.2 });
    let done = 0;
    q.define<{ orgId: string }>({
      name: 'test.slow',
      handle: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        done += 1;
      },
    });
    await q.start();
    await q.send('test.slow', { orgId: 'org-a' });
    await q.drain(300); // the job takes five times the stall allowance: still waited for
    expect(done).toBe(1);
    await q.stop();

    // Due but nobody works on it (this queue stopped): a stall, reported.
    await q.send('test.slow', { orgId: 'org-a' });
    await expect(q.drain(300)).rejects.toThrow('The job queue did not drain: no job ran for 0.3 s');
    await server.database.query(`delete from ${QUEUE_SCHEMA}.job where name = 'test.slow'`);
  });
});
