// PDF text with Mozilla's pdf.js (pdfjs-dist, legacy build: pure JS, no native code, Node 20).
// Text items are put back into lines by their baseline, left to right, with a double space where
// the gap is wide (a column), so "Total      $12.00" keeps label and value on one line.
// Runs inside the reader thread only (./worker.ts): callers use readPdfText (./reader.ts), which
// bounds its memory and time. pdf.js is imported on demand, with the first PDF.
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  DocumentTooLargeError,
  EMBEDDED_XML_MAX_BYTES,
  MAX_DOCUMENT_CHARACTERS,
  PDF_EMBEDDED_XML_FILES,
  PDF_MAX_PAGES,
  PDF_PAGES_READ,
} from './limits';
import { assertPdfInflatesWithinBudget } from './pdf-streams';
import { storableText } from '../storable-text';

/** An XML file embedded in the PDF (a Factur-X/ZUGFeRD invoice's data), as text. */
export interface EmbeddedXml {
  name: string;
  xml: string;
}

export type PdfText =
  | { ok: true; text: string; pages: number; embeddedXml: EmbeddedXml[] }
  | { ok: false; reason: string; password: boolean };

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

/**
 * The text of a PDF (first pages only); a reason instead when it is protected, unreadable or past
 * the page or character budget.
 */
export async function pdfTextInThread(bytes: Uint8Array): Promise<PdfText> {
  try {
    assertPdfInflatesWithinBudget(bytes);
  } catch (error) {
    if (error instanceof DocumentTooLargeError) return { ok: false, reason: error.message, password: false };
    throw error;
  }
  let lib: PdfJs;
  try {
    lib = await pdfjs();
  } catch {
    return { ok: false, reason: 'The PDF reader is unavailable', password: false };
  }
  const task = lib.getDocument({
    data: bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > PDF_MAX_PAGES) throw new DocumentTooLargeError('PDF', 'pages');
    const lines: string[] = [];
    let characters = 0;
    for (let n = 1; n <= Math.min(doc.numPages, PDF_PAGES_READ); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        characters += raw.str.length;
        if (characters > MAX_DOCUMENT_CHARACTERS) throw new DocumentTooLargeError('PDF', 'characters');
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
    const embeddedXml = await xmlAttachments(doc);
    // A PDF's strings may hold NUL (a font's odd mapping): never let one reach the database.
    return { ok: true, text: storableText(lines.join('\n').trim()), pages: doc.numPages, embeddedXml };
  } catch (error) {
    if (error instanceof DocumentTooLargeError) return { ok: false, reason: error.message, password: false };
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      return { ok: false, reason: 'The PDF is password-protected', password: true };
    }
    return { ok: false, reason: 'The PDF is corrupt and could not be read', password: false };
  } finally {
    void task.destroy();
  }
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * The PDF's embedded *.xml files (the e-invoice of a Factur-X/ZUGFeRD PDF), the first few within
 * the size limit. A broken attachment list is no reason to lose the text: it yields none.
 */
async function xmlAttachments(doc: PdfDocument): Promise<EmbeddedXml[]> {
  let attachments: Record<string, { filename?: string; content?: Uint8Array }> | null;
  try {
    attachments = (await doc.getAttachments()) as typeof attachments;
  } catch {
    return [];
  }
  const found: EmbeddedXml[] = [];
  for (const [key, file] of Object.entries(attachments ?? {})) {
    const name = file.filename ?? key;
    const content = file.content;
    if (!/\.xml$/i.test(name) || !(content instanceof Uint8Array)) continue;
    if (content.byteLength > EMBEDDED_XML_MAX_BYTES) continue;
    found.push({ name, xml: new TextDecoder('utf-8').decode(content) });
    if (found.length >= PDF_EMBEDDED_XML_FILES) break;
  }
  return found;
}
