// What a ZIP says its entries weigh once unzipped, from its central directory alone (nothing is
// inflated): a zip bomb's sheet declares its gigabytes here, and is refused before any reading.

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
/** End-of-central-directory record (22 bytes) plus the longest comment. */
const EOCD_SEARCH = 22 + 0xffff;

/** The declared unzipped size of every entry, summed; null when the central directory is unreadable. */
export function declaredUnzippedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - EOCD_SEARCH); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_ENTRY) return null;
    const size = view.getUint32(at + 24, true);
    // 0xFFFFFFFF defers to a ZIP64 field: 4 GB or more, past any limit.
    total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER / 2 : size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}
