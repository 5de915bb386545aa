// Messages between ./reader.ts and the reader thread (./worker.ts).
import type { SheetTable } from '../tabular/xlsx';
import type { DocumentLimit } from './limits';
import type { PdfText } from './pdf-text';

export type ReaderRequest = { task: 'pdf-text' | 'xlsx'; bytes: Uint8Array };

export type ReaderReply =
  | { ok: true; value: PdfText | SheetTable }
  | { ok: false; tooLarge: DocumentLimit }
  | { ok: false; tooLarge: null; message: string };
