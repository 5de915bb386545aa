// The reader thread's entry: reads one document per message and answers with what it read or why
// it could not. Started by ./reader.ts under heap limits; a bundled copy sits beside the server
// bundle (scripts/server-bundle.ts).
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readXlsxInThread } from '../tabular/xlsx';
import { DocumentTooLargeError } from './limits';
import { pdfTextInThread } from './pdf-text';
import type { ReaderReply, ReaderRequest } from './protocol';

async function answer(request: ReaderRequest): Promise<ReaderReply> {
  try {
    if (request.task === 'pdf-text') return { ok: true, value: await pdfTextInThread(request.bytes) };
    return { ok: true, value: await readXlsxInThread(request.bytes) };
  } catch (error) {
    if (error instanceof DocumentTooLargeError) return { ok: false, tooLarge: error.limit };
    return { ok: false, tooLarge: null, message: error instanceof Error ? error.message : String(error) };
  }
}

// A lower priority (not the lowest: a starved reader would fail good documents on its time limit), so
// the threads answering requests come first on a busy machine (on Linux a
// niceness applies to the calling thread alone).
try {
  setPriority(10);
} catch {
  // Not permitted here: the limits still hold.
}

parentPort?.on('message', (request: ReaderRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
