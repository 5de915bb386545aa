// The server survives a PostgreSQL restart: 503 database_unavailable meanwhile, /readyz says so,
// nothing of the failed SQL in the log, and service resumes by itself. Runs on a PostgreSQL cluster
// of its own (never the shared one), in the PostgreSQL run only (TEST_DATABASE_URL).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/helpers/server';
import { testDatabaseUrl } from '../env';
import { hashToken } from '../lib/tokens';
import { api, buildOrgOwner, registerUser, setPlan, type TestUser } from '../test/factories';
import { getTestServer, type TestServer } from '../test/test-server';
import { openDatabase, type Database } from './client';

function clusterTools(): { version: string } | string {
  if (!testDatabaseUrl()) return 'TEST_DATABASE_URL is not set';
  if (!existsSync('/usr/bin/pg_createcluster')) return 'pg_createcluster is not installed';
  if (process.getuid?.() !== 0) return 'creating a cluster needs root';
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (versions.length === 0) return 'no PostgreSQL version under /etc/postgresql';
  return { version: versions.sort((a, b) => Number(b) - Number(a))[0] };
}

const tools = clusterTools();
if (typeof tools === 'string') console.warn(`[outage test] skipped: ${tools}`);

describe.skipIf(typeof tools === 'string')('a PostgreSQL restart', () => {
  const version = typeof tools === 'string' ? '' : tools.version;
  const cluster = `swtest_${process.pid}`;
  const ctl = (action: string, ...extra: string[]) =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, action, ...extra], {
      stdio: 'pipe',
    });
  let database: Database;
  let server: TestServer;
  let user: TestUser;
  let scimToken: string;
  let logged = '';

  beforeAll(async () => {
    const port = await freePort();
    execFileSync(
      'pg_createcluster',
      [version, cluster, '-p', String(port), '--', '--auth-local=trust', '--auth-host=trust'],
      { stdio: 'pipe' },
    );
    ctl('start');
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres`, poolSize: 3 });
    await database.migrate();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    server = await getTestServer({ database, logger: { level: 'info', stream } });
    user = await registerUser(server.app);
    const owner = await buildOrgOwner(server.app);
    await setPlan(database.db, owner.orgId, 'scale');
    scimToken = (await api(server.app, owner.cookie).post('/api/scim/token')).json().token as string;
  });

  afterAll(async () => {
    await server?.close();
    await database?.close().catch(() => undefined);
    execFileSync('pg_dropcluster', ['--stop', version, cluster], { stdio: 'pipe' });
  });

  const currentUser = () => server.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });

  it('answers 503 while the database is down and serves again once it is back, without a restart', async () => {
    expect((await currentUser()).statusCode).toBe(200);
    ctl('stop', '-m', 'fast');
    logged = '';

    const down = await currentUser();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: 'The database is unavailable. Try again in a moment.',
      code: 'database_unavailable',
    });
    expect(down.headers['retry-after']).toBe('5');
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(503);
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable' });

    // The log names the failure and the route, and carries neither SQL nor the session's hash.
    expect(logged).toContain('Database unavailable');
    expect(logged).toContain('GET /api/auth/user');
    const token = decodeURIComponent(user.cookie.split('=')[1]);
    expect(logged).not.toContain(hashToken(token));
    expect(logged).not.toMatch(/Failed query|params:|token_hash/);

    // SCIM answers the same 503, in its own error format, to identity providers.
    const scim = await server.app.inject({
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${scimToken}` },
    });
    expect(scim.statusCode).toBe(503);
    expect(scim.headers['content-type']).toContain('application/scim+json');
    expect(scim.headers['retry-after']).toBe('5');
    expect(scim.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '503',
      detail: 'The database is unavailable. Try again in a moment.',
    });

    // The event relay, run after every write (the sign-in above) and each second, logs its failure
    // once per class and half-minute, by class and code: never the SQL it tried or its parameters.
    for (let i = 0; i < 20; i += 1) {
      server.app.deps.events.nudge();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const relayLines = logged.split('\n').filter((line) => line.includes('Event relay failed'));
    expect(relayLines).toHaveLength(1);
    expect(relayLines[0]).toMatch(/ECONNREFUSED|Connection terminated|connect/);
    expect(logged).not.toMatch(/Failed query|params|domain_events|select /i);

    ctl('start');
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt += 1) {
      status = (await currentUser()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
