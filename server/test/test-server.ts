import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../db/client';
import { parseEnv, testDatabaseUrl, type Env } from '../env';
import type { App } from '../types';

export interface TestServer {
  app: App;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database beside TEST_DATABASE_URL (dropped on close) when that is set. A migration's
 * test passes a folder holding only the migrations before it.
 */
export async function openTestDatabase(
  migrationsFolder?: string,
  logger?: OpenDatabaseOptions['logger'],
): Promise<{
  database: Database;
  /** Its connection string on PostgreSQL, for servers started as processes; none on PGlite. */
  url?: string;
  drop(): Promise<void>;
}> {
  const baseUrl = testDatabaseUrl();
  // The suite's migrated images (server/test/global-setup.ts); a migration's test starts bare.
  const images = migrationsFolder ? {} : migratedImages();
  if (!baseUrl) {
    const database = await openDatabase({ memoryImage: images.pglite, logger });
    await database.migrate(migrationsFolder);
    return { database, drop: () => database.close() };
  }
  const name = `stackwise_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${images.postgres ? ` template ${images.postgres}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5, logger });
  await database.migrate(migrationsFolder);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

let pgliteImage: Blob | undefined;

/** The migrated images global-setup made; none outside the unit suite (e2e, scripts). */
function migratedImages(): { pglite?: Blob; postgres?: string } {
  // Outside vitest (`npm run bench`) inject throws: every database then migrates from scratch.
  if (!process.env.VITEST) return {};
  const file = inject('pgliteImage');
  if (file && !pgliteImage) pgliteImage = new Blob([readFileSync(file)]);
  return { pglite: pgliteImage, postgres: inject('postgresTemplate') };
}

export async function getTestServer(
  overrides: Partial<Omit<AppDeps, 'env' | 'database'>> & {
    env?: Record<string, string>;
    /** Another server's database: a second server on it, as when several run (not dropped on close). */
    database?: Database;
    /** Told every statement the server's Drizzle sends (a new database only). */
    queryLogger?: OpenDatabaseOptions['logger'];
    /** Extra routes under /api for tests of shared machinery (guards, limits), like features add. */
    routes?: Array<(app: App) => Promise<void>>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    ...overrides.env,
  });
  const { database, drop } = overrides.database
    ? { database: overrides.database, drop: async () => undefined }
    : await openTestDatabase(undefined, overrides.queryLogger);
  const { env: _ignored, database: _shared, queryLogger: _logger, routes = [], ...rest } = overrides;
  const app = await buildApp({
    logger: false,
    webDist: path.join(dataDir, 'no-web'),
    ...rest,
    env,
    database,
  });
  for (const plugin of routes) await app.register(plugin, { prefix: '/api' });
  await app.ready();
  // Event handlers and retries run as in production; tests read effects after events.drain().
  await app.deps.queue.start();
  return {
    app,
    database,
    env,
    async close() {
      // Let work the test's writes started finish before the database goes (handlers run after commit).
      await app.deps.events.drain().catch(() => undefined);
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's server: booted before its tests (beforeAll) and closed after them (afterAll).
 * Read `server.app`, `server.database` and `server.env` inside hooks and tests, once it is booted.
 */
export function useTestServer(overrides?: Parameters<typeof getTestServer>[0]): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await getTestServer(overrides);
  });
  afterAll(() => current?.close());
  const booted = () => {
    if (!current) throw new Error('The test server is booted in beforeAll: read it inside hooks and tests');
    return current;
  };
  return {
    get app() {
      return booted().app;
    },
    get database() {
      return booted().database;
    },
    get env() {
      return booted().env;
    },
    close: () => booted().close(),
  };
}
