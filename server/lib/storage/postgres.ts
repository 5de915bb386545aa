// Files in the database (STORAGE_DRIVER=postgres): every server on it reads them, nothing else to
// run. Bytes go in 1 MB chunks written one statement at a time and read back one at a time, so
// neither side holds a whole 20 MB file in one value or one long transaction.
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFileChunks, storedFiles } from '../../db/schema';
import { assertStorageKey, OCTET_STREAM, type FileStorage } from './storage';

export const CHUNK_BYTES = 1024 * 1024;

/** The body cut into pieces of exactly `size` bytes (the last one shorter). */
async function* chunksOf(body: Readable | Buffer, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of body) {
    let buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (pendingBytes + buffer.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, buffer.subarray(0, take)]);
      buffer = buffer.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (buffer.length > 0) {
      pending.push(buffer);
      pendingBytes += buffer.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

const current = (key: string) => and(eq(storedFiles.key, key), eq(storedFiles.complete, true));

export function postgresStorage(db: Db): FileStorage {
  async function find(key: string) {
    assertStorageKey(key);
    const [row] = await db
      .select({ id: storedFiles.id, size: storedFiles.size, contentType: storedFiles.contentType })
      .from(storedFiles)
      .where(current(key));
    return row ?? null;
  }

  async function* chunks(fileId: string): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const [chunk] = await db
        .select({ data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
      if (!chunk) return;
      yield chunk.data;
    }
  }

  return {
    driver: 'postgres',
    async put(key, body, options = {}) {
      assertStorageKey(key);
      // Uploads cut short by a crash leave an incomplete version; the next write clears old ones.
      await db
        .delete(storedFiles)
        .where(
          and(eq(storedFiles.complete, false), sql`${storedFiles.createdAt} < now() - interval '1 day'`),
        );
      const [file] = await db
        .insert(storedFiles)
        .values({ key, contentType: options.contentType ?? OCTET_STREAM })
        .returning({ id: storedFiles.id });
      try {
        let size = 0;
        let seq = 0;
        for await (const data of chunksOf(body, CHUNK_BYTES)) {
          await db.insert(storedFileChunks).values({ fileId: file.id, seq, data });
          seq += 1;
          size += data.length;
        }
        await db.transaction(async (tx) => {
          // One writer per key at a time, so two uploads to one key cannot both become current.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
          await tx.delete(storedFiles).where(current(key));
          await tx.update(storedFiles).set({ complete: true, size }).where(eq(storedFiles.id, file.id));
        });
        return { size };
      } catch (error) {
        await db
          .delete(storedFiles)
          .where(eq(storedFiles.id, file.id))
          .catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const row = await find(key);
      if (!row) return null;
      return { stream: Readable.from(chunks(row.id)), size: row.size, contentType: row.contentType };
    },
    async exists(key) {
      return (await find(key)) !== null;
    },
    async delete(key) {
      assertStorageKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
