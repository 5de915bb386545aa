// Files on local disk under DATA_DIR/files/<key>: the default, and where earlier versions kept them.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage } from './storage';

export function localStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const sizeOf = (file: string) =>
    stat(file).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );

  return {
    driver: 'local',
    async put(key, body) {
      const file = fullPath(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader sees the old file or the whole new one.
      const part = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(part, body, { mode: 0o600 });
        else await pipeline(body, createWriteStream(part, { mode: 0o600 }));
        const { size } = await stat(part);
        await rename(part, file);
        return { size };
      } catch (error) {
        await unlink(part).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const file = fullPath(key);
      const size = await sizeOf(file);
      if (size === null) return null;
      return { stream: createReadStream(file), size, contentType: null };
    },
    async exists(key) {
      return (await sizeOf(fullPath(key))) !== null;
    },
    async delete(key) {
      await rm(fullPath(key), { force: true });
    },
  };
}
