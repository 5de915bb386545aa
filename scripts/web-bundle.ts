import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Whether a build output is missing or older than any of its sources (paths from the root). */
export function isStale(output: string, sources: readonly string[]): boolean {
  const sourcesChanged = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  return !existsSync(output) || statSync(output).mtimeMs < sourcesChanged;
}

/**
 * Builds the web app into dist/web when it is missing or older than any web source, quietly (one
 * line; Vite's warnings and errors still show). Answers whether it built.
 */
export function ensureWebBundle(): boolean {
  if (!isStale(BUNDLE, SOURCES)) return false;
  console.log('Building the web app…');
  // A production build whatever NODE_ENV the caller has: that is what the server ships.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('Building the web app failed');
  return true;
}
