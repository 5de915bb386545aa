// The last error boundary (issue 30): a rejection nobody awaited or an exception nobody caught is
// logged and counted, never fatal. One poison message once stopped every tenant's server; each
// piece of work has its own boundary (request, job, relay, planner, SMTP session), this is the net.
import type { FastifyBaseLogger } from 'fastify';

const counts = { unhandledRejections: 0, uncaughtExceptions: 0 };

/** How many errors reached the process's boundary since it started (shown by /readyz). */
export function processErrorCounts(): { unhandledRejections: number; uncaughtExceptions: number } {
  return { ...counts };
}

let installed: { log: FastifyBaseLogger } | null = null;

/**
 * Installs the process-wide handlers once (later calls only change the logger). Errors are logged
 * through the logger's `err` serializer: class, code and stack, never a query's SQL or values.
 */
export function installProcessErrorHandlers(log: FastifyBaseLogger): void {
  if (installed) {
    installed.log = log;
    return;
  }
  const state = { log };
  installed = state;
  process.on('unhandledRejection', (reason) => {
    counts.unhandledRejections += 1;
    state.log.error(
      { err: reason, unhandledRejections: counts.unhandledRejections },
      'Unhandled promise rejection (the server keeps running)',
    );
  });
  process.on('uncaughtException', (error, origin) => {
    counts.uncaughtExceptions += 1;
    state.log.error(
      { err: error, origin, uncaughtExceptions: counts.uncaughtExceptions },
      'Uncaught exception (the server keeps running)',
    );
  });
}
