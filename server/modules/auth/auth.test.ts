import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, rateLimits, sessions } from '../../db/schema';
import {
  JSON_HEADERS,
  STRONG_PASSWORD,
  api,
  registerUser,
  sessionCookie,
  uniqueEmail,
} from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await getTestServer({
    env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '10', TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, ...headers }, payload });

describe('register, login, logout', () => {
  it('round-trips a user through register, user, logout and login', async () => {
    const email = uniqueEmail();
    const registered = await post('/api/auth/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      onboardingPhase: 'profile',
    });
    expect(registered.json()).not.toHaveProperty('passwordHash');
    const setCookie = String(registered.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookie(registered);

    const me = await api(server.app, cookie).get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);

    const logout = await api(server.app, cookie).post('/api/auth/logout');
    expect(logout.statusCode).toBe(204);
    expect((await api(server.app, cookie).get('/api/auth/user')).statusCode).toBe(401);

    const login = await post('/api/auth/login', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    const newCookie = sessionCookie(login);
    expect(newCookie).not.toBe(cookie);
    expect((await api(server.app, newCookie).get('/api/auth/user')).json().email).toBe(email);
  });

  it('stores sessions hashed, never the token itself', async () => {
    const user = await registerUser(server.app);
    const token = user.cookie.split('=')[1];
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('answers 401 for a signed-out user', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'unauthorized' });
  });

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    const user = await registerUser(server.app);
    const again = await post('/api/auth/register', {
      email: user.email.toUpperCase(),
      password: STRONG_PASSWORD,
      firstName: 'A',
      lastName: 'B',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('already exists'),
    });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await registerUser(server.app);
    const wrongPassword = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
    const unknownEmail = await post('/api/auth/login', {
      email: uniqueEmail('ghost'),
      password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe('Invalid email or password');
  });

  it('rejects short, long and common passwords with a clear message', async () => {
    const base = { email: uniqueEmail(), firstName: 'A', lastName: 'B' };
    const short = await post('/api/auth/register', { ...base, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);
    const long = await post('/api/auth/register', { ...base, password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    const common = await post('/api/auth/register', { ...base, password: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
  });
});

describe('rate limiting', () => {
  const login = (email: string, password: string, ip: string) =>
    post('/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

  it("never lets strangers lock the owner out: 10 wrong passwords from elsewhere, the owner's own sign-in works", async () => {
    const owner = await registerUser(server.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(owner.email, 'wrong-password', `10.0.0.${i}`)).statusCode).toBe(401);
    }
    const mine = await login(owner.email, owner.password, '192.0.2.50');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['set-cookie']).toBeDefined();
  });

  it('answers 429 with Retry-After after 5 wrong passwords for one account from one address', async () => {
    const owner = await registerUser(server.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await login(owner.email, 'wrong-password', '10.1.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await login(owner.email.toUpperCase(), owner.password, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // The same account from another address is not held back.
    expect((await login(owner.email, owner.password, '10.1.0.2')).statusCode).toBe(200);
  });

  it('answers 429 from any address once an account had 100 attempts in 15 minutes', async () => {
    const owner = await registerUser(server.app);
    // 100 attempts spread over as many addresses, as a distributed guesser would make them.
    await server.database.db.insert(rateLimits).values({
      bucket: 'login-account',
      key: owner.email.toLowerCase(),
      count: 100,
      resetAt: sql`now() + interval '10 minutes'`,
    });
    const refused = await login(owner.email, owner.password, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
  });

  it('answers 429 after 10 attempts from one IP across many emails', async () => {
    let last;
    for (let i = 0; i < 11; i += 1) {
      last = await post(
        '/api/auth/login',
        { email: uniqueEmail('spray'), password: 'wrong-password' },
        { 'x-forwarded-for': '192.0.2.7' },
      );
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });
});

describe('password reset', () => {
  it('mails a single-use link through SMTP that resets the password and signs out other sessions', async () => {
    const user = await registerUser(server.app);
    const response = await post('/api/auth/forgot-password', { email: user.email });
    expect(response.statusCode).toBe(202);

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Reset your Stackwise password');
    const link = /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);

    const newPassword = 'a-brand-new-passphrase';
    const reset = await post('/api/auth/reset-password', { token, password: newPassword });
    expect(reset.statusCode).toBe(204);
    expect((await api(server.app, user.cookie).get('/api/auth/user')).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: newPassword })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );

    const reuse = await post('/api/auth/reset-password', { token, password: 'yet-another-passphrase' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('invalid_token');

    const [row] = await server.database.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('answers 202 for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await post('/api/auth/forgot-password', { email });
    expect(response.statusCode).toBe(202);
    const rows = await server.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(rows).toHaveLength(0);
  });

  it('rejects an unknown token', async () => {
    const response = await post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'a-brand-new-passphrase',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing request from another origin', async () => {
    const response = await post(
      '/api/auth/register',
      { email: uniqueEmail(), password: STRONG_PASSWORD, firstName: 'A', lastName: 'B' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_rejected');
  });

  it('refuses a form-encoded POST and accepts our own origin', async () => {
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co&password=x',
    });
    expect(form.statusCode).toBe(403);
    const ours = await post(
      '/api/auth/register',
      { email: uniqueEmail(), password: STRONG_PASSWORD, firstName: 'A', lastName: 'B' },
      { origin: 'http://localhost:3000' },
    );
    expect(ours.statusCode).toBe(201);
  });
});

describe('profile', () => {
  it('edits the name and changes the password (old one stops working)', async () => {
    const user = await registerUser(server.app);
    const client = api(server.app, user.cookie);
    const patched = await client.patch('/api/auth/user', { firstName: 'Katherine', jobTitle: 'CFO' });
    expect(patched.json()).toMatchObject({ firstName: 'Katherine', jobTitle: 'CFO' });
    const wrong = await client.post('/api/auth/change-password', {
      currentPassword: 'nope-nope',
      newPassword: 'another-long-one',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'another-long-one',
    });
    expect(changed.statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
  });
});
