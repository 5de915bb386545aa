import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataDir as initialisedCluster } from '@electric-sql/pglite-prepopulatedfs';

// PostgreSQL's default 128 MB of shared buffers sits in PGlite's WASM memory and is touched at
// start (~125 MiB of RSS). The data files are in the OS page cache anyway, so a small pool is cheap.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the embedded database (`memory://` keeps it in memory). A new one starts from the
 * initialised cluster PGlite publishes instead of running initdb in WASM, which on first boot took
 * seconds and two extra WASM instances (~500 MiB the process never gave back).
 */
export async function openPglite(dataDir = 'memory://'): Promise<PGlite> {
  const isNew = dataDir.startsWith('memory://') || !existsSync(path.join(dataDir, 'PG_VERSION'));
  return PGlite.create(dataDir, {
    startParams: START_PARAMS,
    loadDataDir: isNew ? await initialisedCluster() : undefined,
  });
}
