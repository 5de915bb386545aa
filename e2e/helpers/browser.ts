import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Loading the demo company writes two years of a company (~12 s alone); a busy CI machine needs more than the 15 s default. */
export const DEMO_LOAD_TIMEOUT_MS = 60_000;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * Debian's Chromium, headless, with a fresh profile directory each time (so cookies and
 * localStorage never leak between tests). Options pass through to the browser context.
 */
export async function launchBrowser(
  options: BrowserContextOptions & { baseURL: string },
): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'stackwise-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
