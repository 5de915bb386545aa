// PDF text with Mozilla's pdf.js (pdfjs-dist, legacy build: pure JS, no native code, Node 20).
// Text items are put back into lines by their baseline, left to right, with a double space where
// the gap is wide (a column), so "Total      $12.00" keeps label and value on one line.
// pdf.js is imported on demand: the server bundle keeps it external and loads it at first use.
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { storableText } from '../../../lib/storable-text';

export type PdfText =
  { ok: true; text: string; pages: number } | { ok: false; reason: string; password: boolean };

const MAX_PAGES = 20;
const TIME_LIMIT_MS = 10_000;
/** Items whose baselines differ by less than this (points) are on one line. */
const SAME_LINE = 2.5;

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

type PdfJs = typeof PdfJsModule;
let loading: Promise<PdfJs> | null = null;
const pdfjs = () => (loading ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error('timeout'));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The lines of one page: items grouped by baseline (top to bottom), each line left to right. */
export function linesOf(items: Item[]): string[] {
  const rows: Array<{ y: number; items: Item[] }> = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const row = rows.find((r) => Math.abs(r.y - item.y) < SAME_LINE);
    if (row) row.items.push(item);
    else rows.push({ y: item.y, items: [item] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((row) => {
    row.items.sort((a, b) => a.x - b.x);
    let line = '';
    let end = -Infinity;
    for (const item of row.items) {
      const gap = item.x - end;
      const charWidth = item.height > 0 ? item.height * 0.5 : 5;
      if (line) line += gap > charWidth * 1.5 ? '  ' : gap > charWidth * 0.15 ? ' ' : '';
      line += item.str.trim();
      end = item.x + item.width;
    }
    return line;
  });
}

/** The text of a PDF (first pages only); a reason instead when it is protected or unreadable. */
export async function pdfText(bytes: Buffer): Promise<PdfText> {
  let lib: PdfJs;
  try {
    lib = await pdfjs();
  } catch {
    return { ok: false, reason: 'The PDF reader is unavailable', password: false };
  }
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await withTimeout(
      (async (): Promise<PdfText> => {
        const doc = await task.promise;
        const pages = Math.min(doc.numPages, MAX_PAGES);
        const lines: string[] = [];
        for (let n = 1; n <= pages; n++) {
          const page = await doc.getPage(n);
          const content = await page.getTextContent();
          const items: Item[] = [];
          for (const raw of content.items) {
            if (!('str' in raw)) continue;
            items.push({
              str: raw.str,
              x: raw.transform[4],
              y: raw.transform[5],
              width: raw.width,
              height: raw.height || Math.abs(raw.transform[3]),
            });
          }
          lines.push(...linesOf(items), '');
          page.cleanup();
        }
        // A PDF's strings may hold NUL (a font's odd mapping): never let one reach the database.
        return { ok: true, text: storableText(lines.join('\n').trim()), pages: doc.numPages };
      })(),
      TIME_LIMIT_MS,
      () => void task.destroy(),
    );
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      return { ok: false, reason: 'The PDF is password-protected', password: true };
    }
    if (error instanceof Error && error.message === 'timeout') {
      return { ok: false, reason: 'The PDF took too long to read', password: false };
    }
    return { ok: false, reason: 'The PDF is corrupt and could not be read', password: false };
  } finally {
    void task.destroy();
  }
}
