// Bytes → text for uploaded tables and statements. Excel on Windows still writes UTF-16 ("Unicode
// text") and Windows-1252 ("CSV"), so the encoding is detected, never assumed.

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** UTF-16 without a byte-order mark: ASCII text has a NUL in every other byte. */
function utf16ByNulPattern(bytes: Uint8Array): TextEncoding | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be';
  return null;
}

/** The encoding named by a byte-order mark or the NUL pattern; null means "UTF-8 or else 1252". */
export function detectUnicodeEncoding(bytes: Uint8Array): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return utf16ByNulPattern(bytes);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// Node 20's 'windows-1252' decoder reads 0x80–0x9F as Latin-1 control characters; these are the
// characters Windows-1252 puts there (€, curly quotes, dashes, Š, Ž…).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = new TextDecoder('windows-1252').decode(bytes);
  return /[\u0080-\u009f]/.test(latin1)
    ? latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80])
    : latin1;
}

/**
 * Decodes a text file: UTF-8 (BOM or not), UTF-16 LE/BE (BOM or NUL pattern), otherwise bytes that
 * are not valid UTF-8 are Windows-1252 (a superset of Latin-1 for printable text). The BOM is dropped.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const unicode = detectUnicodeEncoding(bytes);
  if (unicode) return { text: new TextDecoder(unicode).decode(bytes), encoding: unicode };
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
