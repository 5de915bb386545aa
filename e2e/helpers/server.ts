// The one way e2e tests start a server: in this process (startInProcessServer) when a spec needs
// the database or the clock at hand, or as its own process (startOwnServer) like production.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { ensureWebBundle } from '../../scripts/web-bundle';
import { organizations } from '../../server/db/schema';
import type { Clock } from '../../server/lib/clock';
import { getTestServer, type TestServer } from '../../server/test/test-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
  /** Ends the process at once with SIGKILL (`kill -9`), as a crash would. */
  kill(): Promise<void>;
}

/**
 * A server of this spec's own (the shared one runs without the scheduler): `tsx server/main.ts`
 * on a free port with the given data directory and extra environment, like production.
 */
export async function startOwnServer(dataDir: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address in a few minutes is the test suite, not an attack.
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not become ready in 90 s:\n${output}`);
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = () => new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    baseURL,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = exited();
      child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = exited();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export interface InProcessServer extends TestServer {
  baseURL: string;
  /** Sets an organization's plan, trial or account state directly in its database. */
  setOrganization(orgId: string, patch: Partial<typeof organizations.$inferInsert>): Promise<void>;
}

/**
 * The whole app (API + built web app) in this process on a loopback port, with a fresh database;
 * `env` adds variables and `clock` replaces the real one (a trial with 2 days left, a grace period,
 * without test-only routes).
 */
export async function startInProcessServer(
  options: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<InProcessServer> {
  ensureWebBundle();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = await getTestServer({
    ...(options.clock ? { clock: options.clock } : {}),
    webDist: path.join(ROOT, 'dist/web'),
    // The stand-ins a spec starts (identity provider, receivers) listen on loopback, which the SSRF guard refuses without this.
    env: { APP_URL: baseURL, AUTH_RATE_LIMIT_MAX: '1000', WEBHOOK_ALLOW_PRIVATE: 'true', ...options.env },
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    ...server,
    baseURL,
    async setOrganization(orgId, patch) {
      await server.database.db.update(organizations).set(patch).where(eq(organizations.id, orgId));
    },
  };
}
