import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle, SERVER_BUNDLE } from '../server-bundle';
import type { BenchResult } from './harness';

// Issue 15, goal 5: first boot < 5 s and < 400 MiB; warm boot < 3 s; idle < 250 MiB.
const FIRST_BOOT_MS = 5_000;
const FIRST_BOOT_MIB = 400;
const WARM_BOOT_MS = 3_000;
const IDLE_MIB = 250;
const IDLE_SECONDS = 10;
const PORT = 3917;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PROBE = fileURLToPath(new URL('memory-probe.mjs', import.meta.url));

/** The node flags `npm start` runs the bundle with, read from package.json so both stay the same. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const flags = /\bnode ((?:--\S+ )*)dist\/server\/main\.js/.exec(pkg.scripts.start)?.[1];
  if (flags === undefined) throw new Error('npm start no longer runs `node … dist/server/main.js`');
  return flags.split(' ').filter(Boolean);
}

type MemoryBreakdown = ReturnType<typeof process.memoryUsage>;

/** The server's own process.memoryUsage(), asked over the IPC channel the probe listens on. */
function memoryOf(child: ChildProcess): Promise<MemoryBreakdown> {
  return new Promise((resolve) => {
    child.once('message', (usage) => resolve(usage as MemoryBreakdown));
    child.send('memory');
  });
}

/** RSS against the JavaScript heap, external memory (PGlite's WASM memory is counted there) and buffers. */
function describeMemory(m: MemoryBreakdown): string {
  const mib = (bytes: number) => (bytes / 1048576).toFixed(0);
  return `rss ${mib(m.rss)} = heap ${mib(m.heapTotal)} (used ${mib(m.heapUsed)}) + external ${mib(m.external)} reserved (WASM memory, buffers ${mib(m.arrayBuffers)}) + code and native`;
}

/** What a first visit does: the page, a sign-up, the shell's session, a catalogue search. */
async function serveFewRequests(): Promise<void> {
  const ok = async (response: Promise<Response>, status = 200) => {
    const r = await response;
    await r.arrayBuffer();
    if (r.status !== status) throw new Error(`${r.url} answered ${r.status}`);
    return r;
  };
  await ok(fetch(`${ORIGIN}/`));
  const signUp = await ok(
    fetch(`${ORIGIN}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'correct horse battery staple',
        firstName: 'Bench',
        lastName: 'Mark',
      }),
    }),
    201,
  );
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await ok(fetch(`${ORIGIN}/api/session`, { headers: { cookie } }));
  await ok(fetch(`${ORIGIN}/api/catalog?q=sla`, { headers: { cookie } }));
}

/** VmRSS and VmHWM (peak) of a process, in MiB, and its CPU seconds so far. */
function usage(pid: number): { rss: number; peak: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024, cpuSeconds: (utime! + stime!) / 100 };
}

/** Starts the server as `npm start` does (after its bundling step) and waits for /readyz. */
async function boot(dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [...startFlags(), '--import', PROBE, SERVER_BUNDLE], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    const ready = await fetch(`${ORIGIN}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, ms: performance.now() - start };
    await sleep(20);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function result(
  name: string,
  ms: number,
  budgetMs: number,
  rssMiB: number,
  rssBudgetMiB: number,
  note: string,
) {
  return {
    name,
    iterations: 1,
    meanMs: ms,
    p50Ms: ms,
    p95Ms: ms,
    maxMs: ms,
    budgetMs,
    rssMiB,
    rssBudgetMiB,
    withinBudget: ms <= budgetMs && rssMiB <= rssBudgetMiB,
    note,
  } satisfies BenchResult;
}

/**
 * The real server on the embedded database, started with `npm start`'s node flags: first boot of
 * an empty data directory (time to a ready /readyz, peak RSS), then a warm boot of the same
 * directory, a few requests (a sign-up among them) and its RSS after idling, with the server's own
 * memory breakdown. CPU seconds are noted too: on a busy machine they vary far less than wall time.
 */
export async function embeddedBench(): Promise<BenchResult[]> {
  await ensureServerBundle();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-embedded-'));
  try {
    const first = await boot(dataDir);
    const cold = usage(first.child.pid!);
    const coldMemory = await memoryOf(first.child);
    await stop(first.child);
    const warm = await boot(dataDir);
    const warmCpu = usage(warm.child.pid!).cpuSeconds;
    await serveFewRequests();
    await sleep(IDLE_SECONDS * 1000);
    const idle = usage(warm.child.pid!);
    const idleMemory = await memoryOf(warm.child);
    await stop(warm.child);
    const load = `load ${os.loadavg()[0]!.toFixed(1)}`;
    console.log(`node flags: ${startFlags().join(' ')}`);
    console.log(`first boot, at ready (MiB): ${describeMemory(coldMemory)}`);
    console.log(`warm, idle after requests (MiB): ${describeMemory(idleMemory)}`);
    return [
      result(
        'embedded: first boot, empty data dir (peak RSS)',
        first.ms,
        FIRST_BOOT_MS,
        cold.peak,
        FIRST_BOOT_MIB,
        `${cold.cpuSeconds.toFixed(2)} s CPU, ${load}`,
      ),
      result(
        `embedded: warm boot (RSS after requests, ${IDLE_SECONDS} s idle)`,
        warm.ms,
        WARM_BOOT_MS,
        idle.rss,
        IDLE_MIB,
        `${warmCpu.toFixed(2)} s CPU to ready, peak ${idle.peak.toFixed(0)} MiB, heap ${(idleMemory.heapTotal / 1048576).toFixed(0)} MiB, ${load}`,
      ),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
