import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { JSON_HEADERS, uniqueEmail } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { sweepEndedRateLimits } from './counter';

// Two servers on one database, as behind a load balancer: a limit counts attempts on both.
let first: TestServer;
let second: TestServer;
// Behind one proxy (the tests' requests come from 127.0.0.1): as a hop count, and as its address.
const env = { AUTH_RATE_LIMIT_MAX: '4', TRUST_PROXY: 'true' };

beforeAll(async () => {
  first = await getTestServer({ env });
  second = await getTestServer({ env: { ...env, TRUST_PROXY: '127.0.0.1' }, database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const servers = () => [first, second];
const post = (server: TestServer, url: string, payload: object, ip: string) =>
  server.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, 'x-forwarded-for': ip }, payload });
const wrongLogin = (server: TestServer, ip: string, email = uniqueEmail('spray')) =>
  post(server, '/api/auth/login', { email, password: 'wrong-password' }, ip);

describe('rate limits shared by every server on the database', () => {
  it('stops one IP after AUTH_RATE_LIMIT_MAX logins spread over two servers, on both', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await wrongLogin(servers()[i % 2], '198.51.100.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401]);
    for (const server of servers()) {
      const limited = await wrongLogin(server, '198.51.100.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: 'Too many attempts. Please wait and try again.',
        code: 'rate_limited',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    }
    // Another address and another route keep their own counts.
    expect((await wrongLogin(first, '198.51.100.2')).statusCode).toBe(401);
    const forgot = await post(second, '/api/auth/forgot-password', { email: uniqueEmail() }, '198.51.100.1');
    expect(forgot.statusCode).toBe(202);
  });

  it('holds the per-IP limit when clients forge the left-most X-Forwarded-For entry', async () => {
    // The proxy appends the address it saw to whatever the client sent: only that entry is trusted.
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const forged = `${10 + i}.${i * 7}.${i * 13}.${i + 1}, 198.51.100.20`;
      codes.push((await wrongLogin(servers()[i % 2], forged)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it("counts an account's attempts on both servers, without letting strangers lock it out", async () => {
    const email = uniqueEmail('target');
    // Ten wrong passwords from ten addresses: the account-wide count (high) is not reached.
    for (let i = 0; i < 10; i += 1) {
      expect((await wrongLogin(servers()[i % 2], `203.0.113.${i}`, email)).statusCode).toBe(401);
    }
    expect((await wrongLogin(second, '203.0.113.99', email.toUpperCase())).statusCode).toBe(401);
    const [row] = await first.database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.bucket} = 'login-account' and ${rateLimits.key} = ${email.toLowerCase()}`);
    expect(row.count).toBe(11);
  });

  it('starts a new window once the stored one has ended', async () => {
    for (let i = 0; i < 5; i += 1) await wrongLogin(first, '198.51.100.3');
    expect((await wrongLogin(second, '198.51.100.3')).statusCode).toBe(429);
    await first.database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} = '198.51.100.3'`);
    expect((await wrongLogin(second, '198.51.100.3')).statusCode).toBe(401);
  });

  it('deletes counters whose window ended more than a minute ago', async () => {
    const db = first.database.db;
    await db.insert(rateLimits).values([
      { bucket: 'test', key: 'old', count: 3, resetAt: sql`now() - interval '2 minutes'` },
      { bucket: 'test', key: 'live', count: 3, resetAt: sql`now() + interval '2 minutes'` },
    ]);
    await sweepEndedRateLimits(db);
    const left = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.bucket} = 'test'`);
    expect(left).toEqual([{ key: 'live' }]);
  });
});
