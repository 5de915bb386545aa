import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Binary column: node-postgres reads Buffers, PGlite Uint8Arrays; both come back as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files kept in the database (STORAGE_DRIVER=postgres). A write adds a new row and its chunks,
 * then marks it complete and drops the previous version in one transaction, so readers see the
 * old file or the new one, never half of it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    complete: boolean('complete').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_key_idx')
      .on(t.key)
      .where(sql`${t.complete}`),
    index('stored_files_incomplete_idx')
      .on(t.createdAt)
      .where(sql`not ${t.complete}`),
  ],
);

/** A file's bytes in chunks of at most 1 MB, so no value is huge and reads can stream. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
