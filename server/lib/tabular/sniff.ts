// What an upload is, from its first bytes (never its name): an XLSX workbook (a ZIP), a known
// binary format that is not a table, or text.
import { detectUnicodeEncoding } from './decode';

const MAGIC: Array<[string, number[]]> = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['an old Excel (.xls) or Word file', [0xd0, 0xcf, 0x11, 0xe0]],
  ['a program', [0x4d, 0x5a]],
  ['a gzip archive', [0x1f, 0x8b]],
];

export type Sniffed = { kind: 'zip' } | { kind: 'text' } | { kind: 'binary'; what: string };

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'zip' };
  for (const [what, prefix] of MAGIC) if (startsWith(bytes, prefix)) return { kind: 'binary', what };
  // Text has no NUL byte, except UTF-16, where every other byte of ASCII is one.
  if (!detectUnicodeEncoding(bytes)?.startsWith('utf-16') && bytes.subarray(0, 8192).includes(0)) {
    return { kind: 'binary', what: 'a binary file' };
  }
  return { kind: 'text' };
}
