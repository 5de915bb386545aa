// A credential's per-minute call budget (API keys, the SCIM token), counted in the database so it
// holds across servers, and the RateLimit-* headers that tell the caller where it stands.
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { hitRateLimit } from './counter';

const MINUTE_MS = 60 * 1000;

export interface CallBudget {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/** Counts one call of `key` against `limit` calls a minute. */
export async function spendCallBudget(
  db: Db,
  input: { bucket: string; key: string; limit: number },
): Promise<CallBudget> {
  const hit = await hitRateLimit(db, { bucket: input.bucket, key: input.key, windowMs: MINUTE_MS });
  return {
    limit: input.limit,
    remaining: input.limit - hit.count,
    resetSeconds: Math.ceil(hit.ttlMs / 1000),
  };
}

/** Sends the budget's headers; over it, Retry-After and a 429 naming the credential (`This API key`). */
export function enforceCallBudget(reply: FastifyReply, budget: CallBudget, credential: string): void {
  reply.header('RateLimit-Limit', budget.limit);
  reply.header('RateLimit-Remaining', Math.max(0, budget.remaining));
  reply.header('RateLimit-Reset', budget.resetSeconds);
  if (budget.remaining >= 0) return;
  reply.header('Retry-After', budget.resetSeconds);
  throw new AppError(
    'rate_limited',
    `${credential} made more than ${budget.limit} calls this minute. Retry in ${budget.resetSeconds} s.`,
    { retryAfter: budget.resetSeconds },
  );
}
