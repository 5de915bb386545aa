import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { describeDatabase, loggableUrl, requestLine } from './logger';

describe('server log lines', () => {
  it('writes one readable line per request, hiding secret query parameters', () => {
    expect(requestLine('GET', '/api/subscriptions?page=2', 200, 12.4)).toBe('GET /api/subscriptions?page=2 200 12 ms');
    expect(requestLine('POST', '/api/auth/login', 401, 3.25)).toBe('POST /api/auth/login 401 3.3 ms');
    expect(loggableUrl('/api/renewals.ics?token=abc123&x=1')).toBe('/api/renewals.ics?token=[redacted]&x=1');
    expect(loggableUrl('/api/attestations/respond?answer=keep&token=s3cr3t')).toBe(
      '/api/attestations/respond?answer=keep&token=[redacted]',
    );
  });

  it('names the database without the password of its connection string', () => {
    expect(describeDatabase({ DATABASE_URL: 'postgres://app:hunter2@db.internal:6432/stackwise', dataDir: '/x' })).toBe(
      'PostgreSQL at db.internal:6432/stackwise',
    );
    expect(describeDatabase({ DATABASE_URL: undefined, dataDir: '/srv/data' })).toBe('embedded PGlite in /srv/data');
  });
});

describe('environment', () => {
  const base = { DATA_DIR: 'data/test-env' };

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
