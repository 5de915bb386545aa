// A small loopback load loop (keep-alive connections, fixed duration) and the bare Fastify 5
// server that is the ceiling: the same body, no plugins, no database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
}

/** `connections` clients requesting `url` back to back for `durationMs`; every answer must be 200. */
export async function load(
  url: string,
  options: { connections: number; durationMs: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const until = performance.now() + options.durationMs;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers: options.headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.on('error', reject);
    });
  const worker = async () => {
    while (performance.now() < until) await once();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: (latencies.length * 1000) / elapsed,
    p50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
  };
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
    let app: LoadResult = { requestsPerSecond: 0, p50Ms: 0 };
    let ceiling: LoadResult = { requestsPerSecond: 0, p50Ms: 0 };
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
