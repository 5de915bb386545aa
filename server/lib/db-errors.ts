// PostgreSQL errors, read the same way from node-postgres and PGlite (Drizzle may wrap them).

/** The error and its causes, outermost first (Drizzle wraps the driver's error in `cause`). */
function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

function pgCode(error: unknown): string | undefined {
  for (const layer of causes(error)) {
    if (typeof layer.code === 'string' && /^[0-9A-Z]{5}$/.test(layer.code)) return layer.code;
  }
  return undefined;
}

/** A unique index refused the row (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

// Socket failures reaching the server; SQLSTATEs of a server shutting down or not accepting yet.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
// node-postgres reports a dropped connection or a full pool by message only.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * The database cannot be reached right now (down, restarting, refusing connections, or the pool
 * cannot connect in time) — as opposed to a query that failed on a working database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const layer of causes(error)) {
    const code = typeof layer.code === 'string' ? layer.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
    const message = typeof layer.message === 'string' ? layer.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    // An AggregateError (one per address tried) carries the socket errors in `errors`.
    if (Array.isArray(layer.errors) && layer.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export interface LoggableError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

// Fields of a driver error that name things (safe to log) rather than carry values.
const NAMING_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * An error as it may be logged: class, codes and stack, never the failed SQL or its parameters.
 * Drizzle's query errors put both in their message and stack (a session token's hash among them);
 * a driver's `detail` repeats row values, and data exceptions (SQLSTATE class 22) echo the input.
 */
export function loggableError(error: unknown): LoggableError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const layer = error as Record<string, unknown> & { name?: string; stack?: string; message?: string };
  const type =
    layer.constructor?.name && layer.constructor.name !== 'Object' ? layer.constructor.name : layer.name;
  const carriesQuery = 'query' in layer && 'params' in layer;
  const code = typeof layer.code === 'string' ? layer.code : undefined;
  const echoesInput = code !== undefined && code.startsWith('22');
  const message =
    carriesQuery || echoesInput ? '(not logged: it carries query values)' : String(layer.message ?? '');
  const out: LoggableError = { type: String(type ?? 'Error'), message, stack: '' };
  for (const field of NAMING_FIELDS) if (typeof layer[field] === 'string') out[field] = layer[field];
  if (typeof layer.stack === 'string') {
    // The stack starts with "Type: message"; keep only the frames.
    const frames = layer.stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
    out.stack = [`${type}`, ...frames].join('\n');
  }
  if (layer.cause !== undefined) out.cause = loggableError(layer.cause);
  return out;
}

export interface ErrorClass {
  name: string;
  code?: string;
  message?: string;
}

/**
 * An error's class, code and message for a log line, never its SQL or parameters: a Drizzle query
 * error's own message is the SQL and its parameters, so the driver's failure underneath it (the
 * deepest cause, e.g. `connect ECONNREFUSED`) is named instead, through loggableError's rules.
 */
export function errorClass(error: unknown): ErrorClass {
  if (!(error instanceof Error)) return { name: typeof error };
  let root: unknown = error;
  for (let depth = 0; depth < 5 && root instanceof Error && root.cause instanceof Error; depth += 1)
    root = root.cause;
  const safe = loggableError(root);
  const code = [...causes(error)].map((layer) => layer.code).find((c) => typeof c === 'string');
  return {
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: safe.message.slice(0, 200),
  };
}
