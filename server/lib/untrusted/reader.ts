// Untrusted documents (a forwarded invoice's PDF, an uploaded XLSX, which is a ZIP) are read in a
// worker thread, never on the thread that answers requests: a PDF or ZIP bomb then costs that
// thread its heap (resourceLimits), its time (terminated) or its memory (watched from here), and
// the caller gets a reason, while the server keeps answering. One thread reads one document at a
// time; others wait their turn. It is started with the first document and stops when idle.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { SheetTable } from '../tabular/xlsx';
import { DocumentTooLargeError, READER_HEAP_MB, READER_MEMORY_MB, READER_TIME_MS } from './limits';
import type { PdfText } from './pdf-text';
import type { ReaderReply, ReaderRequest } from './protocol';

export type { EmbeddedXml, PdfText } from './pdf-text';
export type { SheetTable } from '../tabular/xlsx';

/** How often the process's memory is checked while a document is read. */
const WATCH_MS = 50;
/** An idle reader thread stops after this long (it holds pdf.js and exceljs, ~100 MB). */
const IDLE_MS = 60_000;
const MB = 1024 * 1024;

/** Set by scripts/server-bundle.ts: the bundle carries the thread's entry as its own file. */
declare const STACKWISE_SERVER_BUNDLE: boolean | undefined;

/** The thread's entry as plain JavaScript, built once per process from the sources. */
let sourceEntry: Promise<string> | null = null;

/**
 * From the sources (vitest, tsx) the TypeScript entry is bundled on first use, its packages left
 * external as in the server bundle: pdf.js loaded through tsx's loader takes ~10 s to start.
 */
async function bundleSourceEntry(): Promise<string> {
  const { build } = await import('esbuild');
  const out = fileURLToPath(new URL('../../../dist/dev/untrusted-worker.mjs', import.meta.url));
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outfile: out,
    logLevel: 'silent',
  });
  // Renamed into place: processes running at once each write a whole file.
  await mkdir(path.dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  await writeFile(temporary, result.outputFiles[0].contents);
  await rename(temporary, out);
  return out;
}

async function newThread(options: WorkerOptions): Promise<Worker> {
  if (typeof STACKWISE_SERVER_BUNDLE !== 'undefined' && STACKWISE_SERVER_BUNDLE) {
    return new Worker(new URL('../../../dist/server/untrusted-worker.js', import.meta.url), options);
  }
  sourceEntry ??= bundleSourceEntry();
  return new Worker(await sourceEntry, options);
}

let thread: Worker | null = null;
let busy = false;
let idleTimer: NodeJS.Timeout | undefined;
const waiting: Array<{ request: ReaderRequest; resolve: (reply: ReaderReply) => void }> = [];

async function startThread(): Promise<Worker> {
  const worker = await newThread({
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  // An idle reader does not keep the process alive; a document being read does (its timer).
  worker.unref();
  // A thread stopped for a limit may still report running out of heap while it ends.
  worker.on('error', () => undefined);
  return worker;
}

function stop(worker: Worker) {
  if (thread === worker) thread = null;
  void worker.terminate();
}

/** Reads one document in the thread, within the time and memory limits. */
async function readInThread(request: ReaderRequest): Promise<ReaderReply> {
  let worker: Worker;
  try {
    worker = thread ??= await startThread();
  } catch (error) {
    sourceEntry = null;
    return { ok: false, tooLarge: null, message: `The document reader could not start: ${String(error)}` };
  }
  return new Promise((resolve) => {
    const baseline = process.memoryUsage.rss();
    const finish = (reply: ReaderReply, kill: boolean) => {
      clearTimeout(timer);
      clearInterval(watch);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (kill) stop(worker);
      resolve(reply);
    };
    const onMessage = (reply: ReaderReply) => finish(reply, false);
    const onError = (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, tooLarge: 'memory' }
          : { ok: false, tooLarge: null, message: error.message },
        true,
      );
    const onExit = () => finish({ ok: false, tooLarge: null, message: 'The reader stopped' }, true);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    const timer = setTimeout(() => finish({ ok: false, tooLarge: 'time' }, true), READER_TIME_MS);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > READER_MEMORY_MB * MB) {
        finish({ ok: false, tooLarge: 'memory' }, true);
      }
    }, WATCH_MS).unref();
    // A copy of exactly these bytes, moved (not cloned) into the thread.
    const bytes = new Uint8Array(request.bytes);
    worker.postMessage({ ...request, bytes }, [bytes.buffer]);
  });
}

function next() {
  if (busy) return;
  const job = waiting.shift();
  if (!job) {
    if (thread) {
      const idle = thread;
      idleTimer = setTimeout(() => stop(idle), IDLE_MS).unref();
    }
    return;
  }
  busy = true;
  clearTimeout(idleTimer);
  void readInThread(job.request).then((reply) => {
    busy = false;
    job.resolve(reply);
    next();
  });
}

function read(request: ReaderRequest): Promise<ReaderReply> {
  return new Promise((resolve) => {
    waiting.push({ request, resolve });
    next();
  });
}

/** The text of a PDF's first pages and its embedded XML files, or why it cannot be read (protected, corrupt, too large). */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const reply = await read({ task: 'pdf-text', bytes });
  if (reply.ok) return reply.value as PdfText;
  if (reply.tooLarge) {
    return { ok: false, reason: new DocumentTooLargeError('PDF', reply.tooLarge).message, password: false };
  }
  return { ok: false, reason: 'The PDF could not be read', password: false };
}

/**
 * The first worksheet with data of an XLSX workbook. Throws DocumentTooLargeError past a limit,
 * another Error when the bytes are not a workbook.
 */
export async function readWorkbook(bytes: Uint8Array): Promise<SheetTable> {
  const reply = await read({ task: 'xlsx', bytes });
  if (reply.ok) return reply.value as SheetTable;
  if (reply.tooLarge) throw new DocumentTooLargeError('spreadsheet', reply.tooLarge);
  throw new Error(reply.message);
}
