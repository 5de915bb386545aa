import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiPort = process.env.PORT ?? '3000';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
// Groups take their libraries' own dependencies along; the earlier (higher-priority) ones first.
const VENDOR_CHUNKS = [
  { name: 'react', test: nodeModule('react|react-dom|scheduler'), priority: 6 },
  // The router and the query cache in one file: both run at start on every page (one gzip window).
  { name: 'start', test: nodeModule('react-router|@tanstack/react-query|@tanstack/query-core'), priority: 5 },
  {
    name: 'forms',
    test: nodeModule('react-hook-form|@hookform/resolvers|zod'),
    priority: 2,
    includeDependenciesRecursively: false,
  },
  { name: 'charts', test: nodeModule('recharts'), priority: 1, includeDependenciesRecursively: false },
  // The app shell and the dashboard with what they import statically: the rest of /app's first
  // paint, one file. What they load on demand (menus' contents, dialogs) stays out of it.
  {
    name: 'app-shell',
    test: /[\\/]web[\\/](components[\\/]layout[\\/]app-shell|app[\\/]pages[\\/]dashboard-page)\.tsx$/,
    priority: 0,
  },
];

// The SPA lives in web/ and is built into dist/web, which the API serves in production.
export default defineConfig({
  root: dir('./web'),
  // Brotli and gzip copies of every text asset over 512 bytes (smaller ones gain less than their
  // headers cost), served by @fastify/static's preCompressed option.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 })],
  resolve: {
    alias: [
      // React Router publishes one build for every mode; its production copy differs only by leaving
      // out the development warnings (ENABLE_DEV_WARNINGS), which the shipped app has no use for.
      { find: /^react-router$/, replacement: dir('./node_modules/react-router/dist/production/index.mjs') },
      { find: '@common', replacement: dir('./common') },
      { find: '@', replacement: dir('./web') },
    ],
  },
  build: {
    outDir: dir('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // Libraries in chunks by use, so /app's first paint loads few files and nothing it does not run:
    // React, the router and the query cache at start, forms and charts only with the screens that
    // have them. Icons have no chunk of their own: each goes with what uses it, so the first paint
    // carries the shell's icons, not all of them (issue 34).
    rolldownOptions: {
      // Our modules run nothing when imported (styles.css aside), so a feature's index that re-exports
      // a settings tab does not pull that tab into the first paint of every screen that imports it.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/](web|common)[\\/].*\.tsx?$/.test(id) },
      output: { codeSplitting: { groups: VENDOR_CHUNKS } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
