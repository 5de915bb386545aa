// Three real servers (`tsx server/main.ts`) on one PostgreSQL database with files in it, as behind a
// load balancer: sign-ups and logins spread over them, a login limit that holds across them, a file
// uploaded through one and read through another, one killed with `kill -9` in the middle of an
// import (nothing of it stays, the others keep serving), and the daily jobs run by all three at once
// with every notification, e-mail and webhook once. PostgreSQL only (TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnServer, type OwnServer } from '../e2e/helpers/server';
import { imports, jobRuns, notifications, outbox, subscriptions } from './db/schema';
import { testDatabaseUrl } from './env';
import { STRONG_PASSWORD, buildSubscription, setPlan, uniqueEmail } from './test/factories';
import { startReceiver } from './test/receiver';
import { multipartFile } from './test/multipart';
import { sampleFiles } from './test/sample-files';
import { startSmtpServer } from './test/smtp';
import { openTestDatabase } from './test/test-server';

if (!testDatabaseUrl()) console.warn('[many servers] skipped: needs PostgreSQL (TEST_DATABASE_URL)');

const AUTH_LIMIT = 8;
const IMPORT_ROWS = 20_000;
const DAY_MS = 86_400_000;

/** A JSON client for one server, with a session cookie once signed in. */
function client(server: OwnServer, cookie = '') {
  const send = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseURL}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown = {}, headers?: Record<string, string>) =>
      send('POST', url, body, headers),
    put: (url: string, body: unknown) => send('PUT', url, body),
    patch: (url: string, body: unknown) => send('PATCH', url, body),
  };
}

const cookieOf = (response: Response) => response.headers.getSetCookie()[0].split(';')[0];

describe.skipIf(!testDatabaseUrl())('three servers on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let hooks: Awaited<ReturnType<typeof startReceiver>>;
  let servers: OwnServer[] = [];
  let env: Record<string, string>;
  const dataDirs: string[] = [];
  const owners: Array<{ email: string; cookie: string; orgId: string }> = [];

  const startServers = (count: number, extra: Record<string, string> = {}) =>
    Promise.all(
      Array.from({ length: count }, () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-many-'));
        dataDirs.push(dir);
        return startOwnServer(dir, { ...env, ...extra });
      }),
    );

  beforeAll(async () => {
    db = await openTestDatabase();
    smtp = await startSmtpServer();
    hooks = await startReceiver();
    env = {
      DATABASE_URL: db.url!,
      STORAGE_DRIVER: 'postgres',
      AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Every server of one installation shares its secret (each data directory would make its own).
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // …and its key for secrets at rest (the webhook signing secret), required with DATABASE_URL.
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    servers = await startServers(3);
  }, 180_000); // three servers booting at once on a small, busy machine

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
    await Promise.all([smtp?.close(), hooks?.close()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('signs up, onboards and signs in through any server', async () => {
    for (let i = 0; i < 3; i += 1) {
      const email = uniqueEmail('owner');
      const registered = await client(servers[i]).post('/api/auth/register', {
        email,
        password: STRONG_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      expect(registered.status).toBe(201);
      const cookie = cookieOf(registered);
      const next = client(servers[(i + 1) % 3], cookie);
      await next.patch('/api/onboarding', { step: 'profile', firstName: 'Ada', lastName: 'Lovelace' });
      const workspace = {
        organizationName: `Org ${i}`,
        currency: 'USD',
        fiscalYearStartMonth: 1,
        companySize: '11-50',
      };
      expect((await next.patch('/api/onboarding', { step: 'workspace', ...workspace })).status).toBe(200);
      expect((await next.patch('/api/onboarding', { step: 'apps' })).status).toBe(200);
      const org = await (await client(servers[(i + 2) % 3], cookie).get('/api/organization')).json();
      owners.push({ email, cookie, orgId: org.id });
      // A fresh sign-in on the third server, counted by the login limit below.
      const login = await client(servers[(i + 2) % 3]).post('/api/auth/login', {
        email,
        password: STRONG_PASSWORD,
      });
      expect(login.status).toBe(200);
    }
  });

  it('holds the login limit per address across all servers', async () => {
    // Three sign-ins above already count: the rest of the allowance, then 429 on every server.
    const codes: number[] = [];
    for (let i = 0; i < AUTH_LIMIT - 3; i += 1) {
      const attempt = await client(servers[i % 3]).post('/api/auth/login', {
        email: uniqueEmail('spray'),
        password: 'wrong-password',
      });
      codes.push(attempt.status);
    }
    expect(codes).toEqual(Array(AUTH_LIMIT - 3).fill(401));
    for (const server of servers) {
      const limited = await client(server).post('/api/auth/login', {
        email: owners[0].email,
        password: STRONG_PASSWORD,
      });
      expect(limited.status).toBe(429);
      expect((await limited.json()).code).toBe('rate_limited');
    }
  });

  it('downloads through one server the document uploaded through another', async () => {
    const owner = owners[0];
    await setPlan(db.database.db, owner.orgId, 'pro');
    const sub = await buildSubscription(db.database.db, owner.orgId);
    const contract = await (
      await client(servers[2], owner.cookie).post(`/api/subscriptions/${sub.id}/contracts`, {
        title: 'Order form',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
    ).json();
    const pdf = sampleFiles['contract.pdf'].content;
    const content = Buffer.concat([pdf.subarray(0, 9), randomBytes(2 * 1024 * 1024 + 123), pdf.subarray(9)]);
    const body = multipartFile('order-form.pdf', content);
    const uploaded = await fetch(`${servers[0].baseURL}/api/contracts/${contract.id}/documents`, {
      method: 'POST',
      headers: { ...body.headers, cookie: owner.cookie },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const { id } = await uploaded.json();
    const download = await client(servers[1], owner.cookie).get(
      `/api/contracts/${contract.id}/documents/${id}`,
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
  });

  it('leaves nothing of an import whose server is killed mid-commit, while the others keep serving', async () => {
    const owner = owners[1];
    await setPlan(db.database.db, owner.orgId, 'scale');
    const lines = ['Name,Vendor,Cost,Billing cycle'];
    for (let i = 0; i < IMPORT_ROWS; i += 1)
      lines.push(`Tool ${i},Vendor ${i % 500},${10 + (i % 90)},monthly`);
    const importer = client(servers[2], owner.cookie);
    const preview = await (
      await importer.post('/api/subscriptions/import/preview', { csv: lines.join('\n') })
    ).json();
    expect(preview.validRows).toBe(IMPORT_ROWS);

    // Servers 1 and 2 answer all along: polled while server 3 commits, dies, and after.
    const answers: number[] = [];
    let polling = true;
    const poller = (async () => {
      for (let i = 0; polling; i += 1) {
        answers.push((await client(servers[i % 2], owners[0].cookie).get('/api/auth/user')).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const commit = await importer.post(
      '/api/subscriptions/import/commit',
      { importId: preview.importId },
      { accept: 'application/x-ndjson' },
    );
    const reader = commit.body!.getReader();
    let text = '';
    let outcome = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
      const saving = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .some((line) => line.progress?.phase === 'saving' && line.progress.done > 0);
      outcome = text.includes('"status"');
      if (saving) break;
    }
    expect(outcome).toBe(false); // killed before it finished
    await servers[2].kill();
    await reader.cancel().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    polling = false;
    await poller;

    const [{ count }] = await db.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(eq(subscriptions.importId, preview.importId));
    expect(count).toBe(0);
    const [row] = await db.database.db.select().from(imports).where(eq(imports.id, preview.importId));
    expect(row.status).not.toBe('committed');
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it('runs the daily jobs on three servers at once with each notification, e-mail and webhook once', async () => {
    const renewal = new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10);
    for (const [i, owner] of owners.entries()) {
      await setPlan(db.database.db, owner.orgId, 'pro');
      const settings = client(servers[i % 2], owner.cookie);
      const saved = await settings.put('/api/settings/notifications', {
        rules: {
          cancelBy: { enabled: true, offsets: [7] },
          dueSoon: { enabled: true, offsets: [7] },
          overdue: { enabled: true },
          autoRenewal: { enabled: true, offsets: [3] },
          contractExpiry: { enabled: true, offsets: [30] },
          costAlert: { enabled: true, thresholdPct: 10 },
        },
        channels: {
          email: { enabled: true, roles: ['owner'], applicationOwner: true },
          slack: { enabled: false, webhookUrl: null },
          webhook: { enabled: true, url: `${hooks.url}/hook/${i}` },
        },
      });
      expect(saved.status).toBe(200);
      expect((await settings.put('/api/settings/notifications/me', { emailMode: 'immediate' })).status).toBe(
        200,
      );
      await buildSubscription(db.database.db, owner.orgId, {
        name: `Due ${i}`,
        nextRenewalDate: renewal,
        noticePeriodDays: 0,
      });
    }
    // The two left stop; three start with the scheduler on, and all three run their first tick now.
    await Promise.all(servers.map((s) => s.stop()));
    servers = await startServers(3, { SCHEDULER_ENABLED: 'true', DAILY_JOBS_SPREAD_MINUTES: '0' });

    const orgIds = owners.map((o) => o.orgId);
    let notified: Array<typeof notifications.$inferSelect> = [];
    for (let waited = 0; waited < 20_000; waited += 250) {
      notified = (await db.database.db.select().from(notifications)).filter((n) =>
        orgIds.includes(n.organizationId),
      );
      const delivered = new Set(hooks.received.map((r) => JSON.parse(r.body).notification.id));
      if (notified.length >= 3 && notified.every((n) => delivered.has(n.id))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000)); // room for any duplicate to show up

    expect(notified.filter((n) => n.title.startsWith('Due '))).toHaveLength(3);
    const hookIds = hooks.received.map((r) => JSON.parse(r.body).notification.id);
    expect(hookIds.sort()).toEqual(notified.map((n) => n.id).sort());
    const mails = await db.database.db.select().from(outbox);
    const sentTwice = mails.filter(
      (m, i) => mails.findIndex((o) => o.to === m.to && o.subject === m.subject) !== i,
    );
    expect(sentTwice).toEqual([]);
    for (const [i, owner] of owners.entries()) {
      const received = smtp.received.filter((m) => JSON.stringify(m.to).includes(owner.email));
      expect(received.filter((m) => m.subject?.includes(`Due ${i}`))).toHaveLength(1);
      expect(received).toHaveLength(mails.filter((m) => m.to === owner.email).length);
    }
    const runs = await db.database.db.select().from(jobRuns);
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs.map((r) => `${r.job}|${r.scope}|${r.runDate}`)).size).toBe(runs.length);
  });
});
