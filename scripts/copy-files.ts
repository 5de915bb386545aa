// `npm run files:copy`: copies the uploaded files kept on local disk (DATA_DIR/files) into the
// storage STORAGE_DRIVER names (postgres or s3), keeping their keys; run it once before switching
// the servers over. Safe to run again: files already copied are skipped.
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { parseEnv } from '../server/env';
import { createStorage } from '../server/lib/storage';
import { copyLocalFiles } from '../server/lib/storage/copy-local';

const env = parseEnv();
if (env.storageDriver === 'local') {
  throw new Error('Set STORAGE_DRIVER=postgres or s3 (and its variables) to the storage to copy into.');
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite') });
await database.migrate();
const report = await copyLocalFiles(env.filesDir, await createStorage(env, database.db));
await database.close();
console.log(
  `Copied ${report.copied} file(s) from ${env.filesDir} to ${env.storageDriver}; ` +
    `${report.present} already there; ${report.ignored.length} ignored.`,
);
for (const name of report.ignored) console.log(`  ignored: ${name}`);
