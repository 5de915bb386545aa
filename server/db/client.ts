import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Logger } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { buildClusterTemplate, CLUSTER_TEMPLATE, openPglite } from './pglite';
import * as schema from './schema';

/** One database type above the driver: PGlite and node-postgres share Drizzle's PostgreSQL API. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction on it; repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; tests of a migration pass a folder holding the ones before it. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  /** Runs `fn` while holding an installation-wide lock: one server at a time (PGlite has one anyway). */
  exclusively<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /** Raw SQL with $1… parameters (several statements when there are none), for libraries such as the job queue. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 727_274_001;
const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps everything in memory. */
  dataDir?: string;
  poolSize?: number;
  /** The migrated cluster a new PGlite data directory is copied from, when it exists. */
  clusterTemplate?: string;
  /** An in-memory PGlite starts from this dumped data directory (tests: one migrated image). */
  memoryImage?: Blob;
  /** Told every statement Drizzle sends (tests that read the SQL a request runs). */
  logger?: Logger;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    // The PostgreSQL driver loads only when it is used: the embedded server never needs it.
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pgDriver.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that does not answer fails the request (503) instead of holding it forever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that dies (database restart, a dropped test database) is already removed
    // by the pool and reopened on demand; without a listener its 'error' event would crash Node.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, logger: options.logger });
    /** Holds a session advisory lock on one pooled connection while `fn` runs. */
    async function exclusively<T>(lockId: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        return await fn(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        client.release();
      }
    }
    return {
      db,
      kind: 'postgres',
      async migrate(folder = migrationsFolder) {
        // Several servers may boot at once against one database: only one migrates at a time.
        await exclusively(MIGRATION_LOCK_ID, async (client) => {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
        });
      },
      exclusively: (lockId, fn) => exclusively(lockId, () => fn()),
      async ping() {
        await db.execute(sql`select 1`);
      },
      query: (text, values) => pool.query(text, values?.length ? values : undefined),
      close: () => pool.end(),
    };
  }
  return pgliteDatabase(
    await openPglite(options.dataDir, options.clusterTemplate, options.memoryImage),
    options.logger,
  );
}

/** The embedded database behind the `Database` type. */
export function pgliteDatabase(client: PGlite, logger?: Logger): Database {
  const pgliteDb = drizzlePglite(client, { schema, logger });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder: folder }),
    async ping() {
      await client.query('select 1');
    },
    exclusively: (_lockId, fn) => fn(),
    async query(text, values) {
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      // PGlite's query() takes one statement; exec() runs a script and answers each statement's result.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: () => client.close(),
  };
}

/** Builds the migrated PGlite cluster new data directories start from (the build step runs this). */
export function buildMigratedClusterTemplate(template = CLUSTER_TEMPLATE): Promise<void> {
  return buildClusterTemplate(template, async (client) => {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  });
}
