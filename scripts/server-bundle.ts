import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { buildMigratedClusterTemplate } from '../server/db/client';
import { isStale } from './web-bundle';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.js');
const SOURCES = ['server', 'common', 'package.json', 'package-lock.json'];

// Sources find their files next to themselves (migrations, word lists, fixtures): inside the
// bundle each keeps its own location instead of the bundle's.
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll(
        'import.meta.url',
        // Relative to the bundle, so a moved checkout still finds them.
        `new URL(${JSON.stringify(path.relative(path.dirname(SERVER_BUNDLE), args.path))}, import.meta.url).href`,
      ),
      loader: 'ts',
    }));
  },
};

/**
 * Bundles the server into dist/server/main.js when it is missing or older than any server source.
 * Node then starts it directly: no TypeScript loader resolving and transpiling some 600 modules on
 * every start (about 1.5 s of CPU and 50 MiB). Beside it goes the migrated cluster a new embedded
 * data directory is copied from (server/db/pglite.ts). Answers whether it built.
 */
export async function ensureServerBundle(): Promise<boolean> {
  if (!isStale(SERVER_BUNDLE, SOURCES)) return false;
  await rm(path.dirname(SERVER_BUNDLE), { recursive: true, force: true });
  // First, so that a bundle newer than its sources always has its template.
  await buildMigratedClusterTemplate();
  await build({
    entryPoints: [
      { in: path.join(ROOT, 'server/main.ts'), out: 'main' },
      // The thread that reads untrusted documents (server/lib/untrusted/reader.ts) starts from its own file.
      { in: path.join(ROOT, 'server/lib/untrusted/worker.ts'), out: 'untrusted-worker' },
    ],
    outdir: path.dirname(SERVER_BUNDLE),
    bundle: true,
    // Modules the server imports on demand (the S3 driver and its SDK) stay out of the start-up chunk.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    define: { STACKWISE_SERVER_BUNDLE: 'true' },
    plugins: [keepImportMetaUrl],
  });
  return true;
}
