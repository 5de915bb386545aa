// Module and feature boundaries, enforced with the core no-restricted-imports rule.
// - A server module (server/modules/<m>/) is used by others only through its index.ts: `../<m>`.
//   The composition root (server/routes.ts, events.ts, app.ts, jobs/index.ts) wires routes, jobs
//   and event handlers from their files; scripts/ may reach in too.
// - A web feature (web/features/<f>/) imports no other feature, only its own files by relative path
//   (other features' test fixtures excepted): what features share lives in web/lib or
//   web/components, and screens made of several features are composed in web/app. The rest of the
//   web (web/app, the shell) uses a feature only through its index.ts: `@/features/<f>`. The
//   router's lazy import() of screens is not checked.
// - server/ and web/ never import each other; common/ imports neither.
// ESLint keeps only the last matching options of a rule per file, so each block below covers a
// disjoint set of files and carries every pattern that applies to it.
import { readdirSync } from 'node:fs';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const NO_WEB = {
  regex: '^(@/|(\\.\\./)+web/)',
  message: 'The server never imports web code; share it through common/.',
};
const NO_SERVER = {
  regex: '(\\.\\./)+server/',
  message: 'The web never imports server code; share it through common/.',
};
const MODULE_INDEX = 'Import another module through its index (`../<module>`), not its files.';
const FEATURE_INDEX = 'Import another feature through its index (`@/features/<feature>`), not its files.';
const NO_OTHER_FEATURE =
  'A feature imports no other feature: move what they share to web/lib or web/components, ' +
  'or compose them in web/app. Inside a feature, import its own files by relative path.';
const COMPOSITION_ROOT = ['server/routes.ts', 'server/events.ts', 'server/app.ts', 'server/jobs/index.ts'];
const DEPTHS = [0, 1, 2, 3];

const restrict = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const underDepth = (dir, depth, ext) => `${dir}/${'*/'.repeat(depth)}*.${ext}`;
const up = (n) => `(\\.\\./){${n}}`;

const serverModules = DEPTHS.map((depth) =>
  restrict(
    [underDepth('server/modules/*', depth, 'ts')],
    [
      NO_WEB,
      // From depth d, d+1 `../` lead to server/modules/: a name then a slash is another module's file.
      { regex: `^${up(depth + 1)}[^./][^/]*/`, message: MODULE_INDEX },
    ],
  ),
);

const restOfServer = [
  restrict(
    ['server/**/*.ts'],
    [NO_WEB, { regex: '(^|/)modules/[^/]+/.', message: MODULE_INDEX }],
    ['server/modules/**', ...COMPOSITION_ROOT],
  ),
  restrict(COMPOSITION_ROOT, [NO_WEB]),
];

// `@/features/...` is refused inside a feature except other features' test fixtures.
const featurePatterns = (depth) => [
  NO_SERVER,
  {
    regex: '^@/features/(?![^/]+/(test/|test-fixtures))',
    message: NO_OTHER_FEATURE,
  },
  // Climbing out of the feature folder by relative path reaches another feature's files.
  { regex: `^${up(depth + 1)}`, message: NO_OTHER_FEATURE },
];

const webFeatures = folders('./web/features').flatMap((feature) =>
  DEPTHS.map((depth) =>
    restrict([underDepth(`web/features/${feature}`, depth, '{ts,tsx}')], featurePatterns(depth)),
  ),
);

const restOfWeb = restrict(
  ['web/**/*.{ts,tsx}'],
  [NO_SERVER, { regex: '^@/features/[^/]+/(?!test/|test-fixtures)', message: FEATURE_INDEX }],
  ['web/features/**'],
);

const common = restrict(
  ['common/**/*.ts'],
  [{ regex: '^(@/|(\\.\\./)+(server|web)/)', message: 'common/ depends on nothing of ours.' }],
);

/** The boundary blocks of eslint.config.js. */
export const boundaries = [
  ...serverModules,
  ...restOfServer,
  ...webFeatures,
  restOfWeb,
  common,
];
