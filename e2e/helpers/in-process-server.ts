import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { organizations } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { getTestServer, type TestServer } from '../../server/test/test-server';
import { ensureWebBundle } from '../../scripts/web-bundle';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_DIST = path.join(ROOT, 'dist/web');

export interface InProcessServer {
  baseURL: string;
  server: TestServer;
  clock: ReturnType<typeof fixedClock>;
  /** Sets an organization's plan, trial or account state directly in its database. */
  setOrganization(orgId: string, patch: Partial<typeof organizations.$inferInsert>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A server in this process (buildApp on a fresh in-memory database, a controllable clock, the
 * built web app), for specs that need to put an organization into a state no API leads to in
 * seconds — a trial with 2 days left, a grace period, a locked account — without test-only routes.
 * The clock starts at the real time, so the browser's own date arithmetic agrees with the server.
 */
export async function startInProcessServer(): Promise<InProcessServer> {
  ensureWebBundle();
  const clock = fixedClock(new Date());
  const server = await getTestServer({ clock, webDist: WEB_DIST, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseURL: address,
    server,
    clock,
    async setOrganization(orgId, patch) {
      await server.database.db.update(organizations).set(patch).where(eq(organizations.id, orgId));
    },
    close: () => server.close(),
  };
}
