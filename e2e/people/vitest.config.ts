import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// End-to-end specs of people and licenses: a real server in-process (so a spec can put the
// organization on Growth — there is no trial endpoint yet) and Debian's Chromium.
// Run: npx vitest run --config e2e/people/vitest.config.ts
export default defineConfig({
  resolve: { alias: { '@common': dir('../../common'), '@': dir('../../web') } },
  test: {
    root: dir('../..'),
    include: ['e2e/people/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: [dir('../team/build-web.ts')],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
