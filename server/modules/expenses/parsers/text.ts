// Bytes → text for statement files: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252,
// which is what most European bank exports and OFX 1.x `CHARSET:1252` files are.

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeStatement(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return utf8.decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Collapses runs of whitespace and trims; statements pad names with spaces. */
export function cleanText(value: string): string {
  return /\s\s|[\t\n\r]/.test(value) ? value.replace(/\s+/g, ' ').trim() : value.trim();
}
