import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// End-to-end specs of the team feature: a real server in-process (so a spec can set a plan in the
// database and read the outbox) and Debian's Chromium. Run: npx vitest run --config e2e/team/vitest.config.ts
export default defineConfig({
  resolve: { alias: { '@common': dir('../../common'), '@': dir('../../web') } },
  test: {
    root: dir('../..'),
    include: ['e2e/team/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: [dir('./build-web.ts')],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
