import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestSupport, sourceFiles } from '../test/import-graph';
import { sqlUses } from '../test/sql-reading';

const SERVER = join(__dirname, '..');
const MODULES = join(SERVER, 'modules');

/**
 * Files of server/modules that build SQL outside a `*.repo.ts` (issue 33), not yet moved. Only
 * shrinks: the test fails on any other file, and on an entry here that builds no SQL any more.
 */
const STILL_TO_MOVE: string[] = [];

/** `file:line kind` for every place a module file builds SQL outside a repository. */
function outsideRepositories(file: string, source: string): string[] {
  if (file.endsWith('.repo.ts')) return [];
  return sqlUses(file, source).map((use) => `${relative(MODULES, file)}:${use.line} ${use.kind}`);
}

describe('SQL in repositories', () => {
  it('lets only *.repo.ts files of server/modules build SQL', () => {
    const files = sourceFiles(MODULES, (path) => !isTestSupport(path));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => outsideRepositories(file, readFileSync(file, 'utf8')));
    const unexpected = found.filter((use) => !STILL_TO_MOVE.includes(use.split(':')[0]!));
    expect(unexpected, 'SQL outside a *.repo.ts: move the query into the module’s repository').toEqual([]);
    const stillBuilding = new Set(found.map((use) => use.split(':')[0]!));
    expect(
      STILL_TO_MOVE.filter((file) => !stillBuilding.has(file)),
      'moved: delete from STILL_TO_MOVE',
    ).toEqual([]);
  });

  it('keeps SQL out of the composition root (server/*.ts wires modules’ functions)', () => {
    const files = readdirSync(SERVER)
      .filter((name) => /\.ts$/.test(name) && !isTestSupport(name))
      .map((name) => join(SERVER, name));
    expect(files).toContain(join(SERVER, 'providers.ts'));
    const found = files.flatMap((file) =>
      sqlUses(file, readFileSync(file, 'utf8')).map(
        (use) => `${relative(SERVER, file)}:${use.line} ${use.kind}`,
      ),
    );
    expect(found, 'SQL in the composition root: give the owning module a repository function').toEqual([]);
  });

  it('lets only *.repo.ts files of server/jobs build SQL (the scheduler reads job_runs through one)', () => {
    const jobs = join(SERVER, 'jobs');
    const files = sourceFiles(jobs, (path) => !isTestSupport(path));
    expect(files).toContain(join(jobs, 'scheduler.ts'));
    const found = files
      .filter((file) => !file.endsWith('.repo.ts'))
      .flatMap((file) =>
        sqlUses(file, readFileSync(file, 'utf8')).map(
          (use) => `${relative(SERVER, file)}:${use.line} ${use.kind}`,
        ),
      );
    expect(found, 'SQL in server/jobs outside a repository: move it into job-runs.repo.ts').toEqual([]);
  });

  it('finds the query builder on a handle, a table builder, sql templates and raw SQL text', () => {
    const file = join(MODULES, 'renewals', 'example.ts');
    const source = [
      `import { renewalDecisions } from '../../db/schema';`,
      `const rows = await deps.db.select().from(renewalDecisions);`,
      `await tx.insert(renewalDecisions).values(row);`,
      `const where = sql<number>\`count(*)\`;`,
      `const raw = 'SELECT id FROM renewal_decisions WHERE organization_id = $1';`,
      `const join = (q: Builder) => q.from(renewalDecisions);`,
      `await db.transaction(async (t) => save(t, sql.raw('now()')));`,
      `const message = 'Select a vendor from the list';`,
      `await app.delete('/x'); await deps.storage.delete(key);`,
    ].join('\n');
    expect(outsideRepositories(file, source)).toEqual([
      'renewals/example.ts:2 .from(renewalDecisions)',
      'renewals/example.ts:2 db.select',
      'renewals/example.ts:3 tx.insert',
      'renewals/example.ts:4 sql template',
      'renewals/example.ts:5 raw SQL',
      'renewals/example.ts:6 .from(renewalDecisions)',
      'renewals/example.ts:7 sql.raw',
    ]);
    expect(outsideRepositories(join(MODULES, 'renewals', 'renewals.repo.ts'), source)).toEqual([]);
  });
});
