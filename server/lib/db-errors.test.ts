import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { getTestServer, type TestServer } from '../test/test-server';
import type { App } from '../types';
import { isDatabaseUnavailable, loggableError } from './db-errors';
import { hashToken, newToken } from './tokens';

const SECRET_HASH = hashToken(newToken());
// Nothing listens on port 1: a database that is down.
const downPool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });

async function probeRoutes(app: App) {
  const db = app.deps.db;
  // A query that fails on a working database, with a session token hash among its parameters.
  app.get('/probe/failing-query', async () =>
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, SECRET_HASH), sql`1 / 0 = 1`)),
  );
  app.get('/probe/database-down', async () =>
    drizzle(downPool).execute(sql`select * from sessions where token_hash = ${SECRET_HASH}`),
  );
}

let server: TestServer;
let logged = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  server = await getTestServer({ routes: [probeRoutes], logger: { level: 'info', stream } });
});
afterAll(async () => {
  await server.close();
  await downPool.end();
});

describe('database errors', () => {
  it('answers 500 for a failed query and logs its class and SQLSTATE, never the SQL or its parameters', async () => {
    logged = '';
    const response = await server.app.inject({ url: '/api/probe/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal_error',
    });
    const line = JSON.parse(logged.split('\n').find((l) => l.includes('Unhandled error'))!);
    expect(line.route).toBe('GET /api/probe/failing-query');
    expect(line.err.type).toBe('DrizzleQueryError');
    expect(line.err.cause.code).toBe('22012');
    expect(logged).not.toContain(SECRET_HASH);
    expect(logged).not.toMatch(/token_hash|Failed query|params:/);
  });

  it('answers 503 database_unavailable with Retry-After while the database cannot be reached', async () => {
    logged = '';
    const response = await server.app.inject({ url: '/api/probe/database-down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      message: 'The database is unavailable. Try again in a moment.',
      code: 'database_unavailable',
    });
    const line = JSON.parse(logged.split('\n').find((l) => l.includes('Database unavailable'))!);
    expect(line.route).toBe('GET /api/probe/database-down');
    expect(logged).not.toContain(SECRET_HASH);
    expect(logged).not.toMatch(/token_hash|Failed query/);
  });

  it('tells connection failures from failed queries', () => {
    const wrapped = (cause: object) =>
      Object.assign(new Error('Failed query'), { query: 'q', params: [], cause });
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], ''),
      wrapped(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
      wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      wrapped(Object.assign(new Error('connection failure'), { code: '08006' })),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    const working = [
      wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })),
      wrapped(Object.assign(new Error('division by zero'), { code: '22012' })),
      new Error('Something else'),
      null,
    ];
    for (const error of working) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it('keeps the names in a driver error but not the row values of its detail', () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_idx"'),
      {
        code: '23505',
        constraint: 'users_email_idx',
        table: 'users',
        detail: 'Key (email)=(ada@example.com) already exists.',
      },
    );
    const logged = loggableError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      code: '23505',
      constraint: 'users_email_idx',
      table: 'users',
    });
    expect(JSON.stringify(logged)).not.toContain('ada@example.com');
  });
});
