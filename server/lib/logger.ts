import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Env } from '../env';
import { errorClass, loggableError } from './db-errors';

/** A URL as logged: the values of secret query parameters (feed and link tokens) are hidden. */
export function loggableUrl(url: string): string {
  return url.replace(/([?&](?:token|key|secret|signature)=)[^&#]*/gi, '$1[redacted]');
}

/** One readable line for a finished request: `GET /api/subscriptions 200 12 ms`. */
export function requestLine(method: string, url: string, statusCode: number, ms: number): string {
  return `${method} ${loggableUrl(url)} ${statusCode} ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** Where the data lives, for the start-up line; never the password of a connection string. */
export function describeDatabase(env: Pick<Env, 'DATABASE_URL' | 'dataDir'>): string {
  if (!env.DATABASE_URL) return `embedded PGlite in ${env.dataDir}`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * The server's logger: JSON lines (for log collectors) or, on a terminal, one readable line per
 * event through pino-pretty. Secrets in headers and bodies are redacted either way.
 */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>): LoggerOptions {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.newPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
    // Errors are logged by class and code: never a failed query's SQL or parameters.
    serializers: { err: loggableError },
    ...(env.LOG_FORMAT === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'HH:MM:ss',
              ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
              singleLine: true,
            },
          },
        }
      : {}),
  };
}

/**
 * Logs each request once, when it finishes (Fastify's own two lines per request are turned off). A
 * callback hook, not an async one (no promise per request), that builds nothing when the level is off.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const log: FastifyBaseLogger = request.log;
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    const enabled = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    if (enabled && !enabled.call(log, level)) return done();
    const fields = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    const line = requestLine(fields.method, fields.url, fields.statusCode, reply.elapsedTime);
    if (level === 'error') log.error(fields, line);
    else log.info(fields, line);
    done();
  });
}

/** How long identical failures are left out after one is logged. */
const REPEAT_INTERVAL_MS = 30_000;

/**
 * An error logger for background loops (event relay, job queue) that fail on every tick while the
 * database is down: one line per failure class (name, code, message — never SQL or parameters)
 * every 30 s, with how many identical failures were left out since the previous line.
 */
export function throttledErrorLog(
  log: Pick<FastifyBaseLogger, 'error'>,
  message: string,
  now: () => number = Date.now,
): (error: unknown) => void {
  const seen = new Map<string, { at: number; repeated: number }>();
  return (error) => {
    const err = errorClass(error);
    const key = `${err.name}|${err.code ?? ''}|${err.message ?? ''}`;
    const at = now();
    const last = seen.get(key);
    if (last && at - last.at < REPEAT_INTERVAL_MS) {
      last.repeated += 1;
      return;
    }
    if (!last && seen.size >= 100) seen.clear();
    seen.set(key, { at, repeated: 0 });
    log.error({ err, ...(last?.repeated ? { repeated: last.repeated } : {}) }, message);
  };
}
