// PostgreSQL error codes, read the same way from node-postgres and PGlite (Drizzle may wrap them).

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}
