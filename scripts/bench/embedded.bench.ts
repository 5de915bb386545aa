import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureServerBundle, SERVER_BUNDLE } from '../server-bundle';
import type { BenchResult } from './harness';

// Issue 15, goal 5: first boot < 5 s and < 400 MiB; warm boot < 3 s; idle < 250 MiB.
const FIRST_BOOT_MS = 5_000;
const FIRST_BOOT_MIB = 400;
const WARM_BOOT_MS = 3_000;
const IDLE_MIB = 250;
const IDLE_SECONDS = 10;
const PORT = 3917;

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
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
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
 * The real server on the embedded database: first boot of an empty data directory (time to a
 * ready /readyz, peak RSS), then a warm boot of the same directory and its RSS after idling. CPU
 * seconds are noted too: on a busy machine they vary far less than wall time.
 */
export async function embeddedBench(): Promise<BenchResult[]> {
  await ensureServerBundle();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-embedded-'));
  try {
    const first = await boot(dataDir);
    const cold = usage(first.child.pid!);
    await stop(first.child);
    const warm = await boot(dataDir);
    const warmCpu = usage(warm.child.pid!).cpuSeconds;
    await sleep(IDLE_SECONDS * 1000);
    const idle = usage(warm.child.pid!);
    await stop(warm.child);
    const load = `load ${os.loadavg()[0]!.toFixed(1)}`;
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
        `embedded: warm boot (RSS after ${IDLE_SECONDS} s idle)`,
        warm.ms,
        WARM_BOOT_MS,
        idle.rss,
        IDLE_MIB,
        `${warmCpu.toFixed(2)} s CPU to ready, peak ${idle.peak.toFixed(0)} MiB, ${load}`,
      ),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
