// One contract every storage driver passes: local disk, PostgreSQL (PGlite or TEST_DATABASE_URL)
// and S3 (against s3rver, an S3 implementation started here on loopback).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileChunks, storedFiles } from '../../db/schema';
import { startS3 } from '../../test/s3';
import { openTestDatabase } from '../../test/test-server';
import { localStorage } from './local';
import { CHUNK_BYTES, postgresStorage } from './postgres';
import { s3Storage } from './s3';
import type { FileStorage } from './storage';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const read = async (storage: FileStorage, key: string) => {
  const file = await storage.get(key);
  return file ? buffer(file.stream) : null;
};
/** A stream of `bytes` in uneven pieces, as an upload arrives. */
const streamOf = (bytes: Buffer, piece = 300_001) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    })(),
  );
/** A body that fails after some bytes, like an upload over its size limit. */
const failingBody = () =>
  Readable.from(
    (async function* () {
      yield randomBytes(64 * 1024);
      throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    })(),
  );

interface Driver {
  name: string;
  keepsContentType: boolean;
  open(): Promise<{ storage: FileStorage; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    keepsContentType: false,
    async open() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-files-'));
      return { storage: localStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    keepsContentType: true,
    async open() {
      const { database, drop } = await openTestDatabase();
      return { storage: postgresStorage(database.db), close: drop };
    },
  },
  {
    name: 'S3',
    keepsContentType: true,
    async open() {
      const s3 = await startS3();
      return { storage: s3Storage(s3.options), close: s3.close };
    },
  },
];

describe.each(drivers)('$name storage', (driver) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await driver.open());
  });
  afterAll(async () => close());

  const org = '0b7f1a52-4a4e-4b8e-9d7e-2f1d3c4b5a69';

  it('stores a file and reads back its bytes, size and type', async () => {
    const key = `${org}/expenses/invoice-1.pdf`;
    const bytes = Buffer.from('%PDF-1.7 an invoice');
    expect(await storage.put(key, bytes, { contentType: 'application/pdf' })).toEqual({ size: bytes.length });
    const file = await storage.get(key);
    expect(file).toMatchObject({ size: bytes.length });
    expect(file!.contentType).toBe(driver.keepsContentType ? 'application/pdf' : null);
    expect(await buffer(file!.stream)).toEqual(bytes);
    expect(await storage.exists(key)).toBe(true);
  });

  it('answers not found for a key that was never written', async () => {
    expect(await storage.get(`${org}/missing`)).toBeNull();
    expect(await storage.exists(`${org}/missing`)).toBe(false);
  });

  it('replaces a file written again under the same key', async () => {
    const key = `${org}/replaced`;
    await storage.put(key, Buffer.from('first version, longer than the second'));
    await storage.put(key, streamOf(Buffer.from('second'), 2));
    expect((await read(storage, key))!.toString()).toBe('second');
    expect((await storage.get(key))!.size).toBe(6);
  });

  it('deletes a file, and deleting a missing one is fine', async () => {
    const key = `${org}/deleted`;
    await storage.put(key, Buffer.from('bye'));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('round-trips a 25 MB binary file streamed in and out with identical bytes', async () => {
    const key = `${org}/large.bin`;
    const bytes = randomBytes(25 * 1024 * 1024);
    expect(await storage.put(key, streamOf(bytes), { contentType: 'application/zip' })).toEqual({
      size: bytes.length,
    });
    const file = await storage.get(key);
    expect(file!.size).toBe(bytes.length);
    const back = await buffer(file!.stream);
    expect(back.length).toBe(bytes.length);
    expect(sha(back)).toBe(sha(bytes));
  });

  it('keeps the previous file when a new upload fails part-way', async () => {
    const key = `${org}/kept`;
    await storage.put(key, Buffer.from('the good version'));
    await expect(storage.put(key, failingBody())).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
    expect((await read(storage, key))!.toString()).toBe('the good version');
    await expect(storage.put(`${org}/never`, failingBody())).rejects.toThrow();
    expect(await storage.exists(`${org}/never`)).toBe(false);
  });

  it('refuses keys that could leave their folder', async () => {
    for (const key of ['../secret', '/etc/passwd', `${org}//x`, `${org}/../x`, '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('PostgreSQL storage chunks', () => {
  it('keeps a file in 1 MB chunks and leaves no rows of a failed or replaced upload', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const storage = postgresStorage(database.db);
      await storage.put('a/b', randomBytes(CHUNK_BYTES * 2 + 10));
      await storage.put('a/b', randomBytes(CHUNK_BYTES + 1));
      await storage.put('a/c', failingBody()).catch(() => undefined);
      const files = await database.db.select().from(storedFiles);
      expect(files.map((f) => [f.key, f.size, f.complete])).toEqual([['a/b', CHUNK_BYTES + 1, true]]);
      const chunks = await database.db.select().from(storedFileChunks);
      expect(chunks.map((c) => c.data.length).sort((x, y) => x - y)).toEqual([1, CHUNK_BYTES]);
    } finally {
      await drop();
    }
  });
});
