// One interface for uploaded files (contract documents, expense documents, staged statements),
// whichever driver keeps them: local disk, PostgreSQL or S3-compatible object storage.
import type { Readable } from 'node:stream';

export type StorageDriver = 'local' | 'postgres' | 's3';

export interface StoredFile {
  stream: Readable;
  size: number;
  /** As given when written; local disk keeps no metadata (null). */
  contentType: string | null;
}

export interface FileStorage {
  readonly driver: StorageDriver;
  /**
   * Writes the file at `key`, replacing any file there. A failing body (e.g. an upload over its
   * size limit) rejects with the body's error and leaves the previous file, or nothing, in place.
   */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The file's bytes as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is fine. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Keys are relative paths the server builds from ids ("<orgId>/expenses/<id>.pdf"): segments of
 * letters, digits, dot, dash and underscore, so a key can never climb out of a directory.
 */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !key.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new Error('Invalid storage key');
  }
}

export const OCTET_STREAM = 'application/octet-stream';
