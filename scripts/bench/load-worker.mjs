// The load loop of scripts/bench/load.ts, run in a worker thread so that the client's own cost is
// not spent on the event loop of the server it measures. Plain keep-alive sockets with the request
// written as ready bytes and the answer read by its Content-Length: as little client work per
// request as an HTTP/1.1 load generator can do (Node's http client costs about as much as a bare
// Fastify server, which capped the ceiling at the client's speed).
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string; connections: number; durationMs: number; headers?: Record<string, string> }} */
const { url, connections, durationMs, headers } = workerData;
const target = new URL(url);
const request = Buffer.from(
  [
    `GET ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    'Connection: keep-alive',
    ...Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n'),
  'latin1',
);
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

const latencies = [];
const startedAt = performance.now();
const until = startedAt + durationMs;
const eventLoop = performance.eventLoopUtilization();

/** One connection asking `url` back to back until the time is up; every answer must be 200. */
function connection() {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    /** Bytes of the answer's head read so far (until its blank line). */
    let head = null;
    /** Body bytes still to come once the head is read; -1 while reading the head. */
    let remaining = -1;
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    const fail = (error) => {
      socket.destroy();
      reject(error);
    };
    const done = () => {
      latencies.push(performance.now() - sentAt);
      head = null;
      remaining = -1;
      if (performance.now() < until) send();
      else {
        socket.end();
        resolve();
      }
    };
    socket.on('connect', send);
    socket.on('error', fail);
    socket.on('close', () => {
      if (remaining !== -1 || head !== null) fail(new Error(`${url}: connection closed mid-answer`));
    });
    socket.on('data', (chunk) => {
      if (remaining === -1) {
        head = head === null ? chunk : Buffer.concat([head, chunk]);
        const end = head.indexOf(HEADER_END);
        if (end === -1) return;
        const text = head.toString('latin1', 0, end + 2);
        const status = Number(text.slice(9, 12));
        if (status !== 200) return fail(new Error(`${url} answered ${status}`));
        const length = CONTENT_LENGTH.exec(text);
        if (!length) return fail(new Error(`${url}: an answer without Content-Length`));
        remaining = Number(length[1]) - (head.length - end - 4);
        head = null;
      } else {
        remaining -= chunk.length;
      }
      if (remaining < 0) return fail(new Error(`${url}: more bytes than the answer's length`));
      if (remaining === 0) done();
    });
  });
}

try {
  await Promise.all(Array.from({ length: connections }, connection));
  const elapsed = performance.now() - startedAt;
  latencies.sort((a, b) => a - b);
  parentPort.postMessage({
    requestsPerSecond: (latencies.length * 1000) / elapsed,
    p50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
    loaderBusy: performance.eventLoopUtilization(eventLoop).utilization,
  });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
