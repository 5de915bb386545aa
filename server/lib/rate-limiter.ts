/** A fixed-window counter per key, kept in memory (per process). */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  hit(key: string, now = Date.now()): { limited: boolean; retryAfterSeconds: number } {
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    if (this.hits.size > 10_000) this.sweep(now);
    return { limited: entry.count > this.max, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
