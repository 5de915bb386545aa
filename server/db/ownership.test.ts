import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ownerOfFile, REFERENCE_CLEARER, TABLE_OWNERS } from './ownership';
import * as schema from './schema';
import { sqlUses, tablesInSql } from '../test/sql-reading';

const SERVER = resolve(__dirname, '..');
const SCHEMA = join(SERVER, 'db', 'schema');
const CHECKED = ['modules', 'lib', 'plugins', 'jobs', 'email'];
const owners: Record<string, string> = TABLE_OWNERS;
/** Owners by the tables' SQL names (`expense_month_totals`), for SQL text. */
const ownersBySqlName = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [getTableName(table as PgTable), owners[name]!]),
);
const sqlNames = new Set(ownersBySqlName.keys());

/**
 * Reads of a neighbour's table not yet moved to their owner (issue 14, part 5). Only shrinks: the
 * test fails on any other violation, and on an entry here that is gone (delete it). These three wait
 * on a cycle: the owner already imports the reader (subscriptions imports vendors and settings-lists,
 * people imports licenses), so the reader cannot import the owner's `xxxOf` without bringing a
 * module cycle back.
 */
const STILL_TO_MOVE = [
  'modules/licenses/assignments.repo.ts imports people (owned by people)',
  'modules/settings-lists/settings-lists.repo.ts imports subscriptions (owned by subscriptions)',
  'modules/vendors/vendors.repo.ts imports subscriptions (owned by subscriptions)',
];

/** Every `import`/`export … from` of the schema (or a file in it) in one source file: the names it takes. */
function schemaImports(file: string, source: string): { names: string[]; line: number }[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { names: string[]; line: number }[] = [];
  for (const statement of parsed.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const target = resolve(dirname(file), specifier.text);
    if (target !== SCHEMA && !target.startsWith(SCHEMA + '/')) continue;
    const line = parsed.getLineAndCharacterOfPosition(statement.getStart(parsed)).line + 1;
    const names: string[] = [];
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : statement.exportClause;
    if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
      names.push('*'); // the whole schema: every table
    } else {
      for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
    }
    found.push({ names, line });
  }
  return found;
}

/** `file:line imports table (owner)` for every table a file takes that another owner owns. */
function violations(file: string, source: string): string[] {
  const owner = ownerOfFile(relative(SERVER, file));
  const problems: string[] = [];
  for (const { names, line } of schemaImports(file, source)) {
    const tables = names.includes('*') ? Object.keys(owners) : names.filter((n) => n in owners);
    for (const table of tables) {
      if (owners[table] !== owner) {
        problems.push(`${relative(SERVER, file)}:${line} imports ${table} (owned by ${owners[table]})`);
      }
    }
  }
  return problems;
}

/**
 * `file:line reads table (owner)` for every table named in SQL text (a `sql` template, a raw SQL
 * string) that another owner owns: raw SQL crosses owners as an import does (issue 33).
 */
function rawSqlViolations(file: string, source: string): string[] {
  const owner = ownerOfFile(relative(SERVER, file));
  return sqlUses(file, source).flatMap(({ line, text }) =>
    tablesInSql(text ?? '', sqlNames)
      .filter((table) => ownersBySqlName.get(table) !== owner)
      .map(
        (table) =>
          `${relative(SERVER, file)}:${line} reads ${table} (owned by ${ownersBySqlName.get(table)})`,
      ),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Test support (a module's test/ folder, like server/test) builds rows in any table.
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('table ownership', () => {
  it('names one owner for every table the schema exports, and only tables', () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name);
    expect(Object.keys(owners).sort()).toEqual(tables.sort());
    const modules = readdirSync(join(SERVER, 'modules'));
    for (const owner of new Set(Object.values(owners))) {
      expect(modules.includes(owner) || ['lib', 'jobs', 'email'].includes(owner), owner).toBe(true);
    }
  });

  it('lets only the owner import a table', () => {
    const files = CHECKED.flatMap((dir) => sourceFiles(join(SERVER, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => violations(file, readFileSync(file, 'utf8')));
    // Line numbers move; what is still to move is compared without them.
    expect(found.map((v) => v.replace(/:\d+ /, ' ')).sort()).toEqual([...STILL_TO_MOVE].sort());
  });

  it('lets only the owner name a table in SQL text', () => {
    const files = CHECKED.flatMap((dir) => sourceFiles(join(SERVER, dir)));
    const found = files.flatMap((file) => rawSqlViolations(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('lets server/db write other owners’ tables in one file only: clearing references before a delete', () => {
    const db = join(SERVER, 'db');
    const importing = readdirSync(db)
      .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))
      .filter((name) => schemaImports(join(db, name), readFileSync(join(db, name), 'utf8')).length > 0)
      .map((name) => `db/${name}`);
    // client.ts only types Drizzle with the schema (`import * as schema`): it queries no table.
    expect(importing.sort()).toEqual(['db/client.ts', REFERENCE_CLEARER].sort());
    const source = readFileSync(join(SERVER, REFERENCE_CLEARER), 'utf8');
    // One statement: a reference column set to null, in one organization's rows.
    const texts = sqlUses(join(SERVER, REFERENCE_CLEARER), source).flatMap((use) =>
      use.text ? [use.text] : [],
    );
    expect(texts.map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'update $1 set $2 = null where $3 = $4 and $5',
    ]);
  });

  it('reads table names in sql templates and raw SQL strings, any case, aliased, quoted or listed', () => {
    const file = join(SERVER, 'modules', 'renewals', 'example.ts');
    const source = [
      'const a = sql`select s.id from subscriptions s join license_pools p on p.subscription_id = s.id`;',
      'const b = \'SELECT * FROM "expenses" e, vendors v WHERE e.vendor_id = v.id\';',
      'const c = sql`INSERT INTO audit_events (id) VALUES (1)`;',
      'const d = sql`UPDATE public.organizations SET name = ${name}`;',
      'const e = sql`DELETE FROM renewal_decisions WHERE organization_id = ${orgId}`;',
      'const f = sql`extract(epoch from subscriptions.renewal_date) is distinct from people`;',
    ].join('\n');
    expect(rawSqlViolations(file, source)).toEqual([
      'modules/renewals/example.ts:1 reads subscriptions (owned by subscriptions)',
      'modules/renewals/example.ts:1 reads license_pools (owned by licenses)',
      'modules/renewals/example.ts:2 reads expenses (owned by expenses)',
      'modules/renewals/example.ts:2 reads vendors (owned by vendors)',
      'modules/renewals/example.ts:3 reads audit_events (owned by audit)',
      'modules/renewals/example.ts:4 reads organizations (owned by organizations)',
    ]);
  });

  it("catches a neighbour's table, a deep import, a re-export and the whole schema", () => {
    const file = join(SERVER, 'modules', 'renewals', 'example.ts');
    const source = [
      `import { renewalDecisions, subscriptions as subs, type PriceTerms } from '../../db/schema';`,
      `import type { users } from '../../db/schema/auth';`,
      `export { vendors } from '../../db/schema/inventory';`,
      `import * as all from '../../db/schema';`,
      `import { subscriptions } from '../subscriptions';`,
    ].join('\n');
    const found = violations(file, source);
    expect(found.slice(0, 3)).toEqual([
      'modules/renewals/example.ts:1 imports subscriptions (owned by subscriptions)',
      'modules/renewals/example.ts:2 imports users (owned by organizations)',
      'modules/renewals/example.ts:3 imports vendors (owned by vendors)',
    ]);
    // The whole schema: every table but the module's own.
    expect(found.slice(3)).toHaveLength(Object.keys(owners).length - 1);
    expect(found.some((v) => v.includes('renewalDecisions'))).toBe(false);
    expect(violations(join(SERVER, 'modules', 'vendors', 'x.ts'), source.split('\n')[2]!)).toEqual([]);
    expect(violations(join(SERVER, 'plugins', 'x.ts'), `import { sessions } from '../db/schema';`)).toEqual([
      'plugins/x.ts:1 imports sessions (owned by organizations)',
    ]);
  });
});
