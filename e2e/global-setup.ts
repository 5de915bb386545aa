import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureWebBundle } from '../scripts/web-bundle';
import { startOwnServer } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Build if needed, start the shared server (no scheduler) with a fresh data directory, and share its URL. */
export default async function setup(project: TestProject) {
  ensureWebBundle();
  mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackwise-e2e-'));
  const server = await startOwnServer(dataDir);
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
