import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../lib/clock';
import { api, buildOrgOwner } from '../test/factories';
import { sourceFiles } from '../test/import-graph';
import { useTestServer } from '../test/test-server';
import { clearedReferences, clearReferencesTo } from './clear-references';
import * as schema from './schema';

// Foreign keys between tenant tables clear nothing themselves (NO ACTION: Citus refuses SET NULL
// with organization_id in the key); the owner's delete clears the references first.

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });
const sql = (text: string, values?: unknown[]) => server.database.query(text, values);

const exportName = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [table as PgTable, name]),
);

describe('references cleared by the owner’s delete', () => {
  it('reads the 21 foreign keys declared cleared on delete, none of them SET NULL in the database', async () => {
    const refs = clearedReferences();
    expect(refs).toHaveLength(21);
    const { rows } = await sql(
      `select conname, confdeltype from pg_constraint where conname = any($1::text[])`,
      [refs.map((r) => r.name)],
    );
    expect(rows).toHaveLength(21);
    expect(rows.every((row) => row.confdeltype === 'a')).toBe(true);
  });

  it('makes every repository that deletes a referenced table clear the references first', () => {
    const modules = join(__dirname, '..', 'modules');
    const targets = [...new Set(clearedReferences().map((r) => exportName.get(r.target)!))];
    const missing: string[] = [];
    let deletes = 0;
    for (const file of sourceFiles(modules, (path) => path.endsWith('.repo.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const table of targets) {
        const aliases = [
          table,
          ...[...source.matchAll(new RegExp(`const (\\w+) = ${table};`, 'g'))].map((m) => m[1]),
        ];
        const deleting = aliases.reduce(
          (n, name) => n + (source.match(new RegExp(`\\.delete\\(\\s*${name}\\s*\\)`, 'g'))?.length ?? 0),
          0,
        );
        const clearing = aliases.reduce(
          (n, name) =>
            n + (source.match(new RegExp(`clearReferencesTo\\(\\s*\\w+,\\s*${name},`, 'g'))?.length ?? 0),
          0,
        );
        deletes += deleting;
        if (clearing < deleting) missing.push(`${relative(modules, file)} deletes ${table}`);
      }
    }
    expect(deletes).toBeGreaterThanOrEqual(9);
    expect(missing).toEqual([]);
  });

  it('deleting each referenced kind of the demo company clears its references, only them, with no foreign key violation', async () => {
    const owner = await buildOrgOwner(server.app);
    expect((await api(server.app, owner.cookie).post('/api/demo')).statusCode).toBe(201);
    await server.app.deps.events.drain();
    const covered = new Set<string>();
    for (const target of new Set(clearedReferences().map((r) => r.target))) {
      const name = getTableName(target);
      const refs = clearedReferences().filter((r) => r.target === target);
      const ids = new Set<string>();
      for (const ref of refs) {
        const { rows } = await sql(
          `select distinct ${ref.column.name} as id from ${getTableName(ref.table)}
           where organization_id = $1 and ${ref.column.name} is not null limit 3`,
          [owner.orgId],
        );
        for (const row of rows) ids.add(String(row.id));
      }
      if (ids.size === 0) continue;
      covered.add(name);
      const doomed = [...ids];
      const remove = () =>
        sql(`delete from ${name} where organization_id = $1 and id = any($2::uuid[])`, [owner.orgId, doomed]);
      await expect(remove(), name).rejects.toThrow(/violates foreign key constraint/);
      await clearReferencesTo(server.app.deps.db, target, owner.orgId, doomed);
      await remove();
      for (const ref of refs) {
        const { rows } = await sql(
          `select count(*)::int as n from ${getTableName(ref.table)} where ${ref.column.name} = any($1::uuid[])`,
          [doomed],
        );
        expect(rows[0]!.n, ref.name).toBe(0);
      }
    }
    expect([...covered].sort()).toEqual(
      expect.arrayContaining(['brands', 'entities', 'people', 'settings_items', 'subscriptions', 'vendors']),
    );
    const { rows: orphans } = await sql(
      `select count(*)::int as n from subscriptions where organization_id is null`,
    );
    expect(orphans[0]!.n).toBe(0);
  });
});
