import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { testDatabaseUrl } from '../../env';
import { JobQueue } from './job-queue';

const worker = fileURLToPath(new URL('./fixtures/crash-worker.ts', import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database a second process can open: a fresh PostgreSQL database, or a PGlite directory. */
async function sharedDatabase(): Promise<{ env: Record<string, string>; open(): Promise<Database> }> {
  const base = testDatabaseUrl();
  if (base) {
    const name = `stackwise_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    return {
      env: { CRASH_DB_URL: url.toString() },
      open: () => openDatabase({ url: url.toString(), poolSize: 3 }),
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-crash-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return { env: { CRASH_DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }) };
}

describe('a server killed mid-job', () => {
  it('leaves the job to run again on another server, with its effect once', async () => {
    const shared = await sharedDatabase();
    // The job is sent first (PGlite allows one process at a time, so before the worker opens it).
    let database = await shared.open();
    const sender = new JobQueue(database, pino({ level: 'silent' }));
    sender.define({
      name: 'crash.effect',
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 2,
      handle: async () => {},
    });
    await sender.start();
    await sender.send('crash.effect', { orgId: 'org-1' }, { key: 'only-once' });
    await sender.stop();
    if (shared.env.CRASH_DATA_DIR) await database.close();

    // A worker takes it and dies mid-job.
    const child = spawn(process.execPath, ['--import', 'tsx', worker], {
      env: { ...process.env, ...shared.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => void child.kill('SIGKILL')); // if the test fails before it does
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('started')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before taking the job`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // A surviving server: the expired attempt is failed over to a retry, which it runs.
    if (shared.env.CRASH_DATA_DIR) database = await shared.open();
    const effects: number[] = [];
    const survivor = new JobQueue(database, pino({ level: 'silent' }), {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    survivor.define<{ orgId: string }>({
      name: 'crash.effect',
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 2,
      handle: async (_data, job) => {
        effects.push(job.retryCount);
      },
    });
    await survivor.start();
    const deadline = Date.now() + 60_000;
    while (effects.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await survivor.stop();
    await database.close();
    expect(effects).toEqual([1]); // the second attempt, once
  });
});
