// Moving an installation off local disk: copies every file under DATA_DIR/files into another
// storage under the same key, so the rows that point at them keep working after the switch.
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './storage';

export interface CopyReport {
  copied: number;
  /** Already in the target (a re-run after an interruption). */
  present: number;
  /** Names no server ever writes (e.g. a half-written `.part` file). */
  ignored: string[];
}

async function* filesUnder(root: string, dir = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

const isValidKey = (key: string) => {
  try {
    assertStorageKey(key);
    return !key.endsWith('.part');
  } catch {
    return false;
  }
};

/** Copies the local files into `target`; files already there are left as they are. */
export async function copyLocalFiles(root: string, target: FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, ignored: [] };
  for await (const key of filesUnder(root)) {
    if (!isValidKey(key)) report.ignored.push(key);
    else if (await target.exists(key)) report.present += 1;
    else {
      await target.put(key, createReadStream(path.join(root, key)));
      report.copied += 1;
    }
  }
  return report;
}
