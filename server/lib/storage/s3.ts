// Files in S3 or an S3-compatible service (MinIO, Cloudflare R2, Ceph…) through the official SDK.
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, OCTET_STREAM, type FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Without keys the SDK's own chain applies (environment, instance or task role).
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible services refuse the SDK's default
    // streamed (aws-chunked) checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const target = (key: string) => {
    assertStorageKey(key);
    return { Bucket: options.bucket, Key: key };
  };

  return {
    driver: 's3',
    async put(key, body, { contentType = OCTET_STREAM } = {}) {
      let size = 0;
      let source: Readable | Buffer = body;
      if (Buffer.isBuffer(body)) size = body.length;
      else {
        // Counts the bytes on their way, and carries a failing body's error to the upload.
        const counter = new PassThrough();
        counter.on('data', (chunk: Buffer) => (size += chunk.length));
        body.once('error', (error) => counter.destroy(error));
        source = body.pipe(counter);
      }
      // Multipart above 5 MB, so a large file is never held in memory whole.
      await new Upload({ client, params: { ...target(key), Body: source, ContentType: contentType } }).done();
      return { size };
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand(target(key)));
        return {
          stream: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand(target(key)));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(target(key)));
    },
  };
}
