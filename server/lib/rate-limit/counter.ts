// Rate-limit counters in the database, so every server on it counts the same attempts.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface RateLimitHit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** How often one process deletes finished windows. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;
let lastSweep = 0;

/**
 * Counts one attempt for (bucket, key) in a fixed window of windowMs, atomically: one upsert that
 * starts a new window when the stored one has ended. Times come from the database's clock, the
 * one clock all servers share.
 */
export async function hitRateLimit(
  db: Db,
  input: { bucket: string; key: string; windowMs: number },
): Promise<RateLimitHit> {
  const window = sql`(${input.windowMs} * interval '1 millisecond')`;
  const { rows } = await db.execute<{ count: number; ttl_ms: string | number }>(sql`
    insert into ${rateLimits} as r (bucket, key, count, reset_at)
    values (${input.bucket}, ${input.key}, 1, now() + ${window})
    on conflict (bucket, key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::bigint as ttl_ms`);
  if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await sweepEndedRateLimits(db);
  }
  return { count: Number(rows[0].count), ttlMs: Math.max(0, Number(rows[0].ttl_ms)) };
}

/** Deletes counters whose window ended a while ago (hits do it every few minutes per process). */
export async function sweepEndedRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now() - interval '1 minute'`);
}

/** Attempts counted so far in the live window of (bucket, key), without counting one (0: none). */
export async function peekRateLimit(db: Db, input: { bucket: string; key: string }): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count from ${rateLimits}
     where bucket = ${input.bucket} and key = ${input.key} and reset_at > now()`);
  return Number(rows[0]?.count ?? 0);
}
