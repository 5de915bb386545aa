import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
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
  if (dataDir.startsWith('memory://')) {
    return PGlite.create(dataDir, { startParams: START_PARAMS, loadDataDir: await initialisedCluster() });
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // Streamed to disk, then opened like any existing cluster: PGlite's own loadDataDir would
    // unpack the 40 MB in memory first (~90 MiB of garbage at the peak of the first boot).
    await mkdir(dataDir, { recursive: true });
    const { extract } = await import('tar'); // only ever needed here, once per data directory
    const archive = Readable.fromWeb((await initialisedCluster()).stream() as ReadableStream);
    await pipeline(archive, extract({ cwd: dataDir }));
  }
  return PGlite.create(dataDir, { startParams: START_PARAMS });
}
