import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README is the product's front door: every command, path and variable it names must be real.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const scripts = Object.keys(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts);
const envSource = readFileSync(path.join(ROOT, 'server/env.ts'), 'utf8');

describe('README', () => {
  it('names only npm scripts that exist, and lists every script once in one Scripts table', () => {
    const named = [...readme.matchAll(/npm run ([a-z0-9:-]+)/g)].map((m) => m[1]);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
    expect(readme.match(/^## Scripts$/gm)).toHaveLength(1);
    expect(readme.match(/^\| Script\s+\|/gm)).toHaveLength(1);
    const table = readme.slice(readme.indexOf('## Scripts'), readme.indexOf('\n## ', readme.indexOf('## Scripts') + 5));
    const listed = [...table.matchAll(/`npm (?:run )?([a-z0-9:-]+)`/g)].map((m) => m[1]);
    expect(scripts.filter((s) => !listed.includes(s))).toEqual([]);
  });

  it('names only repository paths that exist, and no file outside the repository', () => {
    const paths = [...readme.matchAll(/`((?:server|web|common|e2e|scripts|docs)\/[\w./<>{}-]*|[A-Z]+\.md|\.ci\/run)`/g)]
      .map((m) => m[1]!)
      .filter((p) => !/[<>{}]/.test(p));
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
    expect(readme).not.toMatch(/\.\.\/shared|\]\(\.\.\//);
  });

  it('documents every environment variable the server reads, and no other', () => {
    // The schema ends at the first `});` at a line's start (a variable's own checks close indented).
    const start = envSource.indexOf('z.object({');
    const schema = envSource.slice(start, envSource.indexOf('\n});', start));
    const declared = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    const tableStart = readme.indexOf('## Environment variables');
    const table = readme.slice(tableStart, readme.indexOf('\n## ', tableStart + 5));
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect(declared.filter((name) => !documented.has(name))).toEqual([]);
    const extra = [...documented].filter((name) => !declared.includes(name) && name !== 'TEST_DATABASE_URL');
    expect(extra).toEqual([]);
  });
});
