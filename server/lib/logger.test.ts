import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describeDatabase, loggableUrl, requestLine, throttledErrorLog } from './logger';

describe('server log lines', () => {
  it('writes one readable line per request, hiding secret query parameters', () => {
    expect(requestLine('GET', '/api/subscriptions?page=2', 200, 12.4)).toBe(
      'GET /api/subscriptions?page=2 200 12 ms',
    );
    expect(requestLine('POST', '/api/auth/login', 401, 3.25)).toBe('POST /api/auth/login 401 3.3 ms');
    expect(loggableUrl('/api/renewals.ics?token=abc123&x=1')).toBe('/api/renewals.ics?token=[redacted]&x=1');
    expect(loggableUrl('/api/attestations/respond?answer=keep&token=s3cr3t')).toBe(
      '/api/attestations/respond?answer=keep&token=[redacted]',
    );
  });

  it('names the database without the password of its connection string', () => {
    expect(
      describeDatabase({ DATABASE_URL: 'postgres://app:hunter2@db.internal:6432/stackwise', dataDir: '/x' }),
    ).toBe('PostgreSQL at db.internal:6432/stackwise');
    expect(describeDatabase({ DATABASE_URL: undefined, dataDir: '/srv/data' })).toBe(
      'embedded PGlite in /srv/data',
    );
  });
});

describe('background failures', () => {
  it('logs one line per failure class every 30 s, with the count left out, and never the SQL', () => {
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    let now = 0;
    const log = throttledErrorLog(
      {
        error: ((fields: Record<string, unknown>, message: string) =>
          lines.push({ fields, message })) as never,
      },
      'Event relay failed',
      () => now,
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failedQuery = () =>
      new DrizzleQueryError(
        'select "id" from "domain_events" where "token_hash" = $1',
        ['secret-hash'],
        refused,
      );
    // 45 seconds of an outage, a failure every 50 ms.
    for (; now < 45_000; now += 50) log(failedQuery());
    log(new Error('something else'));
    expect(lines.map((l) => l.message)).toEqual([
      'Event relay failed',
      'Event relay failed',
      'Event relay failed',
    ]);
    expect(lines[0].fields).toEqual({
      err: { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    expect(lines[1].fields).toMatchObject({ repeated: 599 });
    expect(lines[2].fields).toEqual({ err: { name: 'Error', message: 'something else' } });
    expect(JSON.stringify(lines)).not.toMatch(/Failed query|params|select|secret-hash/);
  });
});

describe('environment', () => {
  const base = { DATA_DIR: 'data/test-env' };

  it('trusts only the proxy hops TRUST_PROXY names: a count, a list of addresses, or true as one hop', () => {
    expect(parseEnv({ ...base }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,proxy.internal', '-1'])
      expect(() => parseEnv({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('derives the public URL from PORT unless APP_URL is set', () => {
    expect(parseEnv({ ...base, PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(parseEnv({ ...base }).APP_URL).toBe('http://localhost:3000');
    const explicit = parseEnv({ ...base, PORT: '4000', APP_URL: 'https://spend.example.com' });
    expect(explicit.APP_URL).toBe('https://spend.example.com');
    expect(explicit.appOrigin).toBe('https://spend.example.com');
    expect(explicit.secureCookies).toBe(true);
  });

  it('logs readable lines on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(parseEnv(base, { terminal: true }).LOG_FORMAT).toBe('pretty');
    expect(parseEnv(base, { terminal: false }).LOG_FORMAT).toBe('json');
    expect(parseEnv({ ...base, LOG_FORMAT: 'json' }, { terminal: true }).LOG_FORMAT).toBe('json');
    expect(() => parseEnv({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
