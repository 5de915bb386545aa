import { randomBytes } from 'node:crypto';

/**
 * UUIDv7-shaped ids in ascending order: a millisecond timestamp, then a counter, then randomness.
 * Bulk inserts with ordered ids append to the primary-key index instead of splitting pages all
 * over it (random UUIDs cost a 100k-row import about a second on the embedded database).
 */
export function orderedIdSequence(now: Date): () => string {
  const ts = Math.max(0, Math.floor(now.getTime())).toString(16).padStart(12, '0').slice(-12);
  const tail = randomBytes(6).toString('hex');
  const lead = randomBytes(2).readUInt16BE(0) & 0x3f; // high counter bits start at a random offset
  let counter = lead << 20;
  return () => {
    if (counter >= 1 << 26) throw new RangeError('Too many ids for one sequence');
    const a = (counter >>> 14) & 0xfff;
    const b = counter & 0x3fff;
    counter += 1;
    return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${a.toString(16).padStart(3, '0')}-${(0x8000 | b).toString(16)}-${tail}`;
  };
}
