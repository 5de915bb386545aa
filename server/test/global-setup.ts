// Runs once before the suite: migrates one embedded database and (with TEST_DATABASE_URL) one
// PostgreSQL template, so each test file copies a migrated database instead of running every
// migration and the job queue's schema again (seconds of WASM, or of PostgreSQL, per file).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { openDatabase, pgliteDatabase, type Database } from '../db/client';
import { openPglite } from '../db/pglite';
import { testDatabaseUrl } from '../env';
import { JobQueue } from '../lib/queue/job-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated embedded database, dumped by PGlite. */
    pgliteImage?: string;
    /** A migrated PostgreSQL database that test databases are created from. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-images-'));
  const client = await openPglite();
  await prepare(pgliteDatabase(client));
  const image = await client.dumpDataDir('none');
  await client.close();
  const imageFile = path.join(dir, 'pglite.tar');
  writeFileSync(imageFile, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', imageFile);

  const baseUrl = testDatabaseUrl();
  let template: string | undefined;
  if (baseUrl) {
    template = `stackwise_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `create database ${template}`);
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await prepare(database);
    await database.close();
    project.provide('postgresTemplate', template);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (baseUrl && template) await adminQuery(baseUrl, `drop database if exists ${template} with (force)`);
  };
}

/** Migrated, with the job queue's own tables (pg-boss makes them at its first start). */
async function prepare(database: Database) {
  await database.migrate();
  const queue = new JobQueue(database, pino({ level: 'silent' }));
  await queue.start();
  await queue.stop();
}

async function adminQuery(url: string, text: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
