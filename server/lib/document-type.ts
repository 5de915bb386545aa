// The type of an uploaded document, from its first bytes (never from its name or the browser's
// word), and a file name safe to send back. Expenses' documents, forwarded invoices and brand
// logos all use them.
import path from 'node:path';

const SIGNATURES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    type: 'image/heic',
    ext: 'heic',
    test: (b) =>
      b.subarray(4, 8).toString('latin1') === 'ftyp' &&
      /^(heic|heix|mif1|msf1)$/.test(b.subarray(8, 12).toString('latin1')),
  },
];

/** The document type the bytes prove, or null. */
export function sniffDocumentType(bytes: Buffer): { type: string; ext: string } | null {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

/** A file name safe for a Content-Disposition header and a log line. */
export function safeFileName(name: string, ext: string): string {
  const base = path
    .basename(name)
    .replace(/[^\w.\- ()]+/g, '_')
    .slice(0, 120)
    .trim();
  return base && base !== '.' ? base : `document.${ext}`;
}
