import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-server';
import { copyLocalFiles } from './copy-local';
import { localStorage } from './local';
import { postgresStorage } from './postgres';

let root: string;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'stackwise-copy-'));
  db = await openTestDatabase();
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await db.drop();
});

describe('copying local files into another storage', () => {
  it('copies every file under its key, skips what is there already and ignores half-written ones', async () => {
    const local = localStorage(root);
    const files = {
      '0b7f1a52-4a4e-4b8e-9d7e-2f1d3c4b5a69/5d0c8f0e-8e1f-4a55-9c3f-6b1a2d3e4f50':
        Buffer.from('%PDF-1.7 contract'),
      '0b7f1a52-4a4e-4b8e-9d7e-2f1d3c4b5a69/expenses/e1-0011223344556677.png': Buffer.from([
        0x89, 0x50, 0x4e,
      ]),
    };
    for (const [key, bytes] of Object.entries(files)) await local.put(key, bytes);
    writeFileSync(path.join(root, '0b7f1a52-4a4e-4b8e-9d7e-2f1d3c4b5a69', 'x.abc123.part'), 'half');

    const target = postgresStorage(db.database.db);
    expect(await copyLocalFiles(root, target)).toEqual({
      copied: 2,
      present: 0,
      ignored: ['0b7f1a52-4a4e-4b8e-9d7e-2f1d3c4b5a69/x.abc123.part'],
    });
    for (const [key, bytes] of Object.entries(files)) {
      expect(await buffer((await target.get(key))!.stream)).toEqual(bytes);
    }
    expect(await copyLocalFiles(root, target)).toMatchObject({ copied: 0, present: 2 });
  });
});
