import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { openTestDatabase } from '../../test/test-server';
import { createStorage } from './index';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = (vars: Record<string, string> = {}) => parseEnv({ DATA_DIR: dataDir, ...vars });

describe('STORAGE_DRIVER', () => {
  it('keeps files on local disk unless told otherwise, also with DATABASE_URL', () => {
    expect(env().storageDriver).toBe('local');
    expect(env({ DATABASE_URL: 'postgres://db.internal/stackwise' }).storageDriver).toBe('local');
  });

  it('refuses S3 without a bucket, half a key pair, or an unknown driver', () => {
    expect(() => env({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET: required when STORAGE_DRIVER=s3');
    expect(() => env({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => env({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER');
  });

  it('builds the driver it names', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      expect((await createStorage(env(), database.db)).driver).toBe('local');
      expect((await createStorage(env({ STORAGE_DRIVER: 'postgres' }), database.db)).driver).toBe('postgres');
      const s3 = env({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9' });
      expect((await createStorage(s3, database.db)).driver).toBe('s3');
    } finally {
      await drop();
    }
  });
});
