import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// End-to-end tests: a real server (global-setup.ts) driven through Debian's Chromium.
export default defineConfig({
  root: dir('..'),
  test: {
    include: ['e2e/specs/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One browser at a time keeps the suite steady on small CI machines.
    fileParallelism: false,
  },
});
