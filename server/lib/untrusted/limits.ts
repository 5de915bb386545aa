// What reading one untrusted document (a forwarded invoice's PDF, an uploaded workbook) may cost.
// A PDF or ZIP can inflate a few hundred kilobytes into gigabytes: past any of these the document
// fails with a reason instead of taking the server's memory or time.

/** V8 heap of the reader thread (worker_threads resourceLimits). */
export const READER_HEAP_MB = 256;
/**
 * Growth of the process's resident memory while a document is read. Inflated streams live in
 * typed arrays, outside the heap limit, so the reader is also watched from outside.
 */
export const READER_MEMORY_MB = 512;
/** Wall time for one document; the reader thread is terminated past it. */
export const READER_TIME_MS = 15_000;
/** Pages a PDF may have at all; only the first PDF_PAGES_READ are read. */
export const PDF_MAX_PAGES = 1_000;
export const PDF_PAGES_READ = 20;
/** Characters of text one document may yield (a PDF's pages, a workbook's cells). */
export const MAX_DOCUMENT_CHARACTERS = 2_000_000;
/**
 * XML files embedded in a PDF (Factur-X, ZUGFeRD, XRechnung carry the invoice as one): how many are
 * returned and how large one may be. Larger ones are ignored: a real e-invoice is a few hundred KB.
 */
export const PDF_EMBEDDED_XML_FILES = 5;
export const EMBEDDED_XML_MAX_BYTES = 2 * 1024 * 1024;
/** What a PDF's compressed streams (other than images) may inflate to, all together. */
export const PDF_MAX_INFLATED_MB = 64;
/** What a workbook's ZIP entries may unzip to, all together. */
export const XLSX_MAX_UNZIPPED_MB = 100;

export type DocumentLimit = 'pages' | 'characters' | 'memory' | 'time' | 'unzipped' | 'inflated';

const number = (n: number) => n.toLocaleString('en-US');

/** The words after "over" in a too-large reason. */
export function overWhat(limit: DocumentLimit): string {
  switch (limit) {
    case 'pages':
      return `${number(PDF_MAX_PAGES)} pages`;
    case 'characters':
      return `${number(MAX_DOCUMENT_CHARACTERS)} characters`;
    case 'memory':
      return `${READER_MEMORY_MB} MB of memory`;
    case 'time':
      return `${READER_TIME_MS / 1000} seconds`;
    case 'inflated':
      return `${PDF_MAX_INFLATED_MB} MB of content once inflated`;
    case 'unzipped':
      return `${XLSX_MAX_UNZIPPED_MB} MB unzipped`;
  }
}

/** A document past one of the limits: "The PDF is too large to read (over 1,000 pages)". */
export class DocumentTooLargeError extends Error {
  constructor(
    readonly what: 'PDF' | 'spreadsheet',
    readonly limit: DocumentLimit,
  ) {
    super(
      limit === 'time'
        ? `The ${what} took too long to read (over ${overWhat(limit)})`
        : `The ${what} is too large to read (over ${overWhat(limit)})`,
    );
    this.name = 'DocumentTooLargeError';
  }
}
