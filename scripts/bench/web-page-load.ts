import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';

/** What the browser fetched before the dashboard's figures showed, and how long that took. */
export interface PageLoad {
  figuresMs: number;
  jsFiles: string[];
  jsGzipBytes: number;
  entryGzipBytes: number;
  apiCalls: string[];
}

/** A recorded API answer, replayed from memory in the static run. */
export interface RecordedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export type Recording = Map<string, RecordedAnswer>;

const FIGURE = '[data-testid="stat-Applications"]';

// Notes the moment the first figure is in the document (no polling delay from the test side).
const WATCH_FIGURES = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('${FIGURE}')) {
      window.__figuresAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

const keyOf = (method: string, url: string) => {
  const u = new URL(url);
  return `${method} ${u.pathname}${u.search}`;
};

/** The gzip size of a built file (the .gz the build wrote beside it, else the file itself). */
function gzipBytes(distDir: string, url: string): number {
  const file = path.join(distDir, new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? statSync(file).size : 0;
}

/** Serves every /api call of the page from a recording; anything not recorded answers 404. */
async function replay(page: Page, recording: Recording): Promise<void> {
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request();
    const answer = recording.get(keyOf(request.method(), request.url()));
    if (!answer) return route.fulfill({ status: 404, json: { message: 'not recorded', code: 'not_found' } });
    return route.fulfill({ status: answer.status, contentType: answer.contentType, body: answer.body });
  });
}

/** Records every /api answer the page receives, keyed by method and URL. */
function record(page: Page, recording: Recording): void {
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    recording.set(keyOf(response.request().method(), response.url()), {
      status: response.status(),
      contentType: response.headers()['content-type'] ?? 'application/json',
      body,
    });
  });
}

/**
 * Opens `/app` in a fresh browser context (cold cache) and waits for the dashboard's figures.
 * `mode.record` fills a recording from the real server; `mode.replay` answers the API from one.
 */
export async function loadDashboard(
  browser: Browser,
  options: {
    baseURL: string;
    distDir: string;
    cookie?: string;
    record?: Recording;
    replay?: Recording;
  },
): Promise<PageLoad> {
  const context = await browser.newContext({ baseURL: options.baseURL, viewport: { width: 1440, height: 900 } });
  try {
    if (options.cookie) {
      const [name, value] = options.cookie.split('=');
      await context.addCookies([{ name, value, url: options.baseURL }]);
    }
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIGURES);
    if (options.replay) await replay(page, options.replay);
    if (options.record) record(page, options.record);
    await page.goto('/app');
    await page.waitForSelector(FIGURE, { timeout: 60_000 });
    const { figuresAt, entries, entryScript } = await page.evaluate(() => {
      const at = (window as unknown as { __figuresAt: number }).__figuresAt;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
      return {
        figuresAt: at,
        entries: resources.filter((r) => r.startTime <= at).map((r) => r.name),
        entryScript: entry?.src ?? '',
      };
    });
    const jsFiles = entries.filter((url) => new URL(url).pathname.endsWith('.js'));
    if (entryScript && !jsFiles.includes(entryScript)) jsFiles.unshift(entryScript);
    return {
      figuresMs: figuresAt,
      jsFiles,
      jsGzipBytes: jsFiles.reduce((sum, url) => sum + gzipBytes(options.distDir, url), 0),
      entryGzipBytes: entryScript ? gzipBytes(options.distDir, entryScript) : 0,
      apiCalls: entries.filter((url) => new URL(url).pathname.startsWith('/api/')),
    };
  } finally {
    await context.close();
  }
}
