import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { dataDir as initialisedCluster } from '@electric-sql/pglite-prepopulatedfs';

// PostgreSQL's default 128 MB of shared buffers sits in PGlite's WASM memory and is touched at
// start (~125 MiB of RSS). The data files are in the OS page cache anyway, so a small pool is cheap.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A migrated cluster the build step prepares next to the server bundle (scripts/server-bundle.ts):
 * a new data directory starts as a copy of it, so a first boot neither unpacks the cluster (about
 * 1.5 s of CPU for 970 files) nor runs every migration in WASM (about 2 s).
 */
export const CLUSTER_TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/server/pglite-template',
);

/**
 * Opens the embedded database (`memory://` keeps it in memory; `memoryImage`, a data directory
 * dumped by PGlite, is what it starts from — the test suite's migrated image). A new one starts from the migrated
 * template when there is one, else from the initialised cluster PGlite publishes instead of
 * running initdb in WASM, which on first boot took seconds and two extra WASM instances (~500 MiB
 * the process never gave back).
 */
export async function openPglite(
  dataDir = 'memory://',
  template = CLUSTER_TEMPLATE,
  memoryImage?: Blob,
): Promise<PGlite> {
  if (dataDir.startsWith('memory://')) {
    return PGlite.create(dataDir, {
      startParams: START_PARAMS,
      loadDataDir: memoryImage ?? (await initialisedCluster()),
    });
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (existsSync(path.join(template, 'PG_VERSION'))) {
      await cp(template, dataDir, { recursive: true });
    } else {
      await unpackInitialisedCluster(dataDir);
    }
  }
  return PGlite.create(dataDir, { startParams: START_PARAMS });
}

/**
 * Streamed to disk, then opened like any existing cluster: PGlite's own loadDataDir would unpack
 * the 40 MB in memory first (~90 MiB of garbage at the peak of the first boot).
 */
async function unpackInitialisedCluster(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const { extract } = await import('tar'); // only ever needed here, once per data directory
  const archive = Readable.fromWeb((await initialisedCluster()).stream() as ReadableStream);
  await pipeline(archive, extract({ cwd: dataDir }));
}

/**
 * Builds a template at `template`: the initialised cluster with `migrate` applied, cleanly shut
 * down. Built beside it and renamed, so a half-built one is never copied.
 */
export async function buildClusterTemplate(
  template: string,
  migrate: (client: PGlite) => Promise<void>,
): Promise<void> {
  const building = `${template}.building`;
  await rm(building, { recursive: true, force: true });
  await unpackInitialisedCluster(building);
  const client = await PGlite.create(building, { startParams: START_PARAMS });
  try {
    await migrate(client);
  } finally {
    await client.close();
  }
  await rm(template, { recursive: true, force: true });
  await rename(building, template);
}
