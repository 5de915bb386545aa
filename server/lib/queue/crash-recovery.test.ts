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
import { JobQueue, type QueueOptions } from './job-queue';

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

/**
 * Sends one job, lets a worker process take it and kills it with SIGKILL mid-job, then starts a
 * surviving server: answers the attempts the survivor ran (their retry counts).
 */
async function killMidJob(expireInSeconds: number, survivorOptions: QueueOptions): Promise<number[]> {
  const shared = await sharedDatabase();
  const definition = { name: 'crash.effect', retryLimit: 3, retryDelaySeconds: 1, expireInSeconds };
  // The job is sent first (PGlite allows one process at a time, so before the worker opens it).
  let database = await shared.open();
  const sender = new JobQueue(database, pino({ level: 'silent' }));
  sender.define({ ...definition, handle: async () => {} });
  // Prepared, not started: a started sender's own worker could take (and complete) the job first.
  await sender.prepare();
  await sender.send('crash.effect', { orgId: 'org-1' }, { key: 'only-once' });
  await sender.stop();
  if (shared.env.CRASH_DATA_DIR) await database.close();

  // A worker takes it and dies mid-job.
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, ...shared.env, CRASH_EXPIRE_SECONDS: String(expireInSeconds) },
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
    setTimeout(() => reject(new Error('the worker took no job within 60 s')), 60_000).unref();
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));

  // A surviving server: the dead attempt is failed over to a retry, which it runs.
  if (shared.env.CRASH_DATA_DIR) database = await shared.open();
  const effects: number[] = [];
  const survivor = new JobQueue(database, pino({ level: 'silent' }), {
    pollingIntervalSeconds: 0.5,
    ...survivorOptions,
  });
  survivor.define<{ orgId: string }>({
    ...definition,
    handle: async (_data, job) => {
      effects.push(job.retryCount);
    },
  });
  await survivor.start();
  const deadline = Date.now() + 60_000;
  while (effects.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await survivor.stop();
  await database.close();
  return effects;
}

describe('a server killed mid-job', () => {
  it('leaves the job to run again on another server when its expiry passes, with its effect once', async () => {
    const effects = await killMidJob(2, { maintenanceIntervalSeconds: 1 });
    expect(effects).toEqual([1]); // the second attempt, once
  });

  it("is noticed by its missing heartbeat long before a long expiry (a daily run's 30 minutes)", async () => {
    // The expiry (and pg-boss's maintenance) cannot fire within the test's minute: only the
    // heartbeat supervision can put the job back in line.
    const effects = await killMidJob(1800, { heartbeatSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
    expect(effects).toEqual([1]);
  });
});
