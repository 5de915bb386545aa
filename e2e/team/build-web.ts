import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Builds the SPA into dist/web once before the specs, so the server serves what the code says. */
export default async function setup() {
  await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  });
}
