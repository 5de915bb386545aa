// Loopback load (keep-alive connections, fixed duration) generated in a worker thread
// (load-worker.mjs), and the bare Fastify 5 server that is the ceiling: the same body, no plugins, no
// database. The client runs outside the event loop of the server it measures, the same way for the
// app and for the ceiling: in the server's own loop its cost capped the ceiling at the client's speed
// (~2,500 req/s here) and inflated every share of it.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  /** The load generator's event-loop utilization (near 1: the client, not the server, was the limit). */
  loaderBusy: number;
}

const LOAD_WORKER = new URL('./load-worker.mjs', import.meta.url);

/** `connections` clients requesting `url` back to back for `durationMs`; every answer must be 200. */
export function load(
  url: string,
  options: { connections: number; durationMs: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { workerData: { url, ...options } });
    worker.once('message', (result: LoadResult | { error: string }) => {
      if ('error' in result) reject(new Error(result.error));
      else resolve(result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited (${code}) without a result`)));
  });
}

/** A bare Fastify 5 server answering `body` as JSON on every GET: the ceiling for that body size. */
export async function startBareServer(body: string) {
  const bare = Fastify({ logger: false });
  bare.get('/*', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const { port } = bare.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => bare.close() };
}

/**
 * Throughput of `url` against the bare server with the same body, interleaved round by round so
 * both see the same background load; returns the best round of each.
 */
export async function againstCeiling(
  url: string,
  headers: Record<string, string>,
  options: {
    rounds: number;
    durationMs: number;
    connections: number;
    /** Runs beside each round of the app's load (e.g. writes), told when the round is over. */
    during?: (stop: () => boolean) => Promise<number>;
  },
) {
  const body = await (await fetch(url, { headers })).text();
  const bare = await startBareServer(body);
  try {
    let app: LoadResult = { requestsPerSecond: 0, p50Ms: 0, loaderBusy: 0 };
    let ceiling: LoadResult = { requestsPerSecond: 0, p50Ms: 0, loaderBusy: 0 };
    let writes: number | undefined;
    const settings = { connections: options.connections, durationMs: options.durationMs };
    for (let round = 0; round < options.rounds; round += 1) {
      let over = false;
      const beside = options.during?.(() => over);
      const a = await load(url, { ...settings, headers });
      over = true;
      const made = await beside;
      const c = await load(bare.url, settings);
      if (a.requestsPerSecond > app.requestsPerSecond) {
        app = a;
        writes = made;
      }
      if (c.requestsPerSecond > ceiling.requestsPerSecond) ceiling = c;
    }
    return {
      app,
      ceiling,
      writes,
      bodyBytes: Buffer.byteLength(body),
      share: app.requestsPerSecond / ceiling.requestsPerSecond,
    };
  } finally {
    await bare.close();
  }
}
