// How much a PDF's compressed streams inflate to, checked before pdf.js reads it: pdf.js inflates a
// page's content whole, so a 100 KB stream of zeros becomes 100 MB in one allocation and minutes
// of parsing. Images are left out (pdf.js does not decode them for text); each stream is inflated
// only up to what is left of the budget, so a bomb costs at most the budget.
import { constants, inflateSync } from 'node:zlib';
import { DocumentTooLargeError, PDF_MAX_INFLATED_MB } from './limits';

const STREAM = /(?<!end)stream\r?\n/g;
const FLATE = /\/(?:FlateDecode|Fl)\b/;
const IMAGE = /\/Subtype\s*\/Image\b/;
/** How far back a stream's dictionary is looked for. */
const DICTIONARY_SPAN = 4096;

/** Throws DocumentTooLargeError when the Flate streams other than images inflate past the budget. */
export function assertPdfInflatesWithinBudget(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let left = PDF_MAX_INFLATED_MB * 1024 * 1024;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const before = text.slice(Math.max(0, match.index - DICTIONARY_SPAN), match.index);
    const dictionary = before.slice(before.lastIndexOf(' obj') + 1);
    if (!FLATE.test(dictionary) || IMAGE.test(dictionary)) continue;
    const end = text.indexOf('endstream', start);
    const data = buffer.subarray(start, end < 0 ? buffer.length : end);
    let inflated: Buffer;
    try {
      // A truncated stream still counts for what it inflates to.
      inflated = inflateSync(data, { maxOutputLength: left + 1, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new DocumentTooLargeError('PDF', 'inflated');
      }
      continue; // Not inflatable here: pdf.js decides what it makes of it.
    }
    left -= inflated.length;
    if (left < 0) throw new DocumentTooLargeError('PDF', 'inflated');
  }
}
