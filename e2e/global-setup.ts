import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOwnServer } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = path.join(ROOT, 'dist/web/index.html');
const SOURCES = ['web', 'common', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web bundle when it is missing or older than any web source. */
function ensureBundle(): void {
  const sourcesChanged = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= sourcesChanged) return;
  console.log('[e2e] building the web bundle (npm run build)…');
  // A production build whatever NODE_ENV the test runner set: that is what the server ships.
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** Build if needed, start the shared server (no scheduler) with a fresh data directory, and share its URL. */
export default async function setup(project: TestProject) {
  ensureBundle();
  mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackwise-e2e-'));
  const server = await startOwnServer(dataDir);
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
