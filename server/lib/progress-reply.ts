// Long imports report progress over the same request: a client that accepts NDJSON receives
// `{"progress":{…}}` lines while the work runs, then ONE final `{"status":…,"body":…}` line with
// exactly what it would otherwise have received. Works behind any number of servers (no polling
// of another process's memory) and leaves the plain JSON behaviour untouched for other clients.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorReplyFor } from '../plugins/error-handler';

export const NDJSON = 'application/x-ndjson';

export interface Progress {
  /** What is happening now, e.g. "checking", "saving", "finishing". */
  phase: string;
  done: number;
  total: number;
}

/** Reports progress; awaiting it lets the event loop send the line before the work goes on. */
export type OnProgress = (progress: Progress) => Promise<void>;

export const ignoreProgress: OnProgress = async () => {};

export function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes(NDJSON);
}

export async function replyWithProgress<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: { status: number; schema: S },
  run: (onProgress: OnProgress) => Promise<z.input<S>>,
) {
  if (!wantsProgress(request)) return reply.status(result.status).send(await run(ignoreProgress));

  const stream = new PassThrough();
  const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
  // Callers report once per batch of thousands of rows, so every report is worth a line.
  const onProgress: OnProgress = async (progress) => {
    line({ progress });
    await new Promise((resolve) => setImmediate(resolve));
  };
  const work = async () => {
    try {
      line({ status: result.status, body: result.schema.parse(await run(onProgress)) });
    } catch (error) {
      const failure = errorReplyFor(error, request.log);
      line({ status: failure.status, body: failure.body });
    } finally {
      stream.end();
    }
  };
  void work();
  return reply
    .status(200)
    .header('content-type', NDJSON)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
