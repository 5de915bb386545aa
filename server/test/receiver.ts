// A local HTTP receiver for Slack, webhook and similar outgoing deliveries in tests.

import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that records requests and answers with the queued statuses (then 200). */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const statuses: number[] = [];
  let answer = 'ok';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? answer : 'error');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The next requests get these statuses, in order. */
    respondWith: (...codes: number[]) => statuses.push(...codes),
    /** What 200 answers carry from now on (a document to fetch) instead of `ok`. */
    serve: (body: string) => {
      answer = body;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
