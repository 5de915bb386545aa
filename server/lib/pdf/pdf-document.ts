// PDFs are made with pdfkit: pure JavaScript with the 14 standard fonts built in, so `npm start`
// produces them on a fresh machine with no browser to install (headless Chromium would print HTML
// more freely, but it is a ~300 MB download and a process per document). Loaded on first use so the
// server's start-up does not pay for it.

/** A pdfkit document (the type of the library's default export). */
export type PdfDoc = PDFKit.PDFDocument;

/**
 * Runs `draw` on a new A4 document and returns the bytes. Pages stay buffered until the end so
 * `draw` can go back and number them ("Page N of M").
 */
export async function makePdf(
  options: { title: string; margin?: number; bufferPages?: boolean },
  draw: (pdf: PdfDoc) => void | Promise<void>,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: options.margin ?? 50,
    bufferPages: options.bufferPages ?? false,
    info: { Title: pdfText(options.title), Creator: 'Stackwise' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  await draw(pdf);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}

// The standard fonts speak Windows-1252 only: its extra characters above 0x7F besides Latin-1.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPACES = /[\u2000-\u200A\u202F\u205F\u3000]/g;

const encodable = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/**
 * Text the standard fonts can draw: accents kept where Windows-1252 has them, else dropped
 * ("Łódź" → "Lodz"), other scripts (CJK, Cyrillic…) as "?" rather than a crash or mojibake.
 */
export function pdfText(text: string): string {
  const spaced = text.replace(SPACES, ' ').replace(/[\t\r\n]+/g, ' ');
  let out = '';
  for (const c of spaced) {
    if (encodable(c)) out += c;
    else {
      const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(encodable) ? base : /\p{Cc}/u.test(c) ? '' : '?';
    }
  }
  return out;
}

/** `text` cut with an ellipsis to fit `width` in the current font and size. */
export function fitText(pdf: PdfDoc, text: string, width: number): string {
  const safe = pdfText(text);
  if (pdf.widthOfString(safe) <= width) return safe;
  let low = 0;
  let high = safe.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (pdf.widthOfString(`${safe.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${safe.slice(0, low).trimEnd()}…`;
}
