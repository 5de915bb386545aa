import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { localStorage } from './local';
import { postgresStorage } from './postgres';
import type { FileStorage } from './storage';

export { assertStorageKey, type FileStorage, type StorageDriver, type StoredFile } from './storage';

/**
 * The storage STORAGE_DRIVER names (local disk under DATA_DIR/files by default). The AWS SDK is
 * loaded only for S3: it adds a few hundred milliseconds to every start otherwise.
 */
export async function createStorage(env: Env, db: Db): Promise<FileStorage> {
  switch (env.storageDriver) {
    case 'postgres':
      return postgresStorage(db);
    case 's3': {
      const { s3Storage } = await import('./s3');
      return s3Storage({
        bucket: env.S3_BUCKET!,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      });
    }
    case 'local':
      return localStorage(env.filesDir);
  }
}
