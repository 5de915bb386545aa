import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureWebBundle } from '../scripts/web-bundle';
import { freePort, startOwnServer } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shared server's SMTP receiver for forwarded invoices (issue 18). */
    inboundSmtpPort: number;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Build if needed, start the shared server (no scheduler) with a fresh data directory, and share its URL. */
export default async function setup(project: TestProject) {
  ensureWebBundle();
  mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stackwise-e2e-'));
  const inboundSmtpPort = await freePort();
  const server = await startOwnServer(dataDir, {
    INBOUND_SMTP_PORT: String(inboundSmtpPort),
    INBOUND_SMTP_HOST: '127.0.0.1',
  });
  project.provide('baseURL', server.baseURL);
  project.provide('inboundSmtpPort', inboundSmtpPort);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
