// What a ZIP's entries weigh once unzipped, checked before exceljs opens a workbook: JSZip inflates
// a sheet whole, so a 400 KB entry of zeros becomes 400 MB. The sizes the central directory
// declares are summed first; then each entry is inflated, only up to what is left of the budget,
// since a bomb may declare less than it holds.
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
/** End-of-central-directory record (22 bytes) plus the longest comment. */
const EOCD_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  method: number;
  compressed: number;
  declared: number;
  localHeader: number;
}

function entriesOf(view: DataView): Entry[] | null {
  let eocd = -1;
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - EOCD_SEARCH); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries: Entry[] = [];
  let at = view.getUint32(eocd + 16, true);
  for (let n = view.getUint16(eocd + 10, true); n > 0; n--) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL_ENTRY) return null;
    entries.push({
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      // 0xFFFFFFFF defers to a ZIP64 field: 4 GB or more, past any budget.
      declared: view.getUint32(at + 24, true),
      localHeader: view.getUint32(at + 42, true),
    });
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/**
 * Whether the ZIP unzips to more than `budget` bytes. An unreadable directory or entry answers
 * false: the reader after this one refuses what is not a ZIP.
 */
export function unzipsPast(bytes: Uint8Array, budget: number): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = entriesOf(view);
  if (!entries) return false;
  if (entries.reduce((sum, e) => sum + e.declared, 0) > budget) return true;
  let left = budget;
  for (const entry of entries) {
    const at = entry.localHeader;
    if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_ENTRY) return false;
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressed);
    if (entry.method === STORED) {
      left -= data.length;
    } else if (entry.method === DEFLATED) {
      try {
        left -= inflateRawSync(data, { maxOutputLength: left + 1 }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true;
        return false;
      }
    }
    if (left < 0) return true;
  }
  return false;
}
