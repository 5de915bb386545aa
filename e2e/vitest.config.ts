import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// End-to-end tests: a real server (global-setup.ts) driven through Debian's Chromium.
export default defineConfig({
  root: dir('..'),
  resolve: { alias: { '@common': dir('../common'), '@': dir('../web') } },
  test: {
    // Specs against the shared server (specs/) and specs that run their own in-process server
    // so they can set state in its database (feature folders, *.e2e.test.ts).
    include: ['e2e/specs/**/*.e2e.ts', 'e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One browser at a time keeps the suite steady on small CI machines.
    fileParallelism: false,
  },
});
