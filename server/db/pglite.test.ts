// The embedded database on disk: a new data directory starts from PGlite's initialised cluster
// (this fails if @electric-sql/pglite and its -prepopulatedfs drift to different PostgreSQL
// majors) or from the migrated template the build step prepares, is migrated, and keeps what was
// written across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMigratedClusterTemplate, openDatabase } from './client';

const root = mkdtempSync(path.join(os.tmpdir(), 'stackwise-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database on disk', () => {
  it('migrates a new data directory and keeps its rows across a restart', async () => {
    const dataDir = path.join(root, 'pglite');
    const first = await openDatabase({ dataDir, clusterTemplate: path.join(root, 'no-template') });
    await first.migrate();
    await first.query("insert into users (email, password_hash) values ('a@b.co', 'x')");
    await first.close();

    const again = await openDatabase({ dataDir });
    await again.migrate(); // a warm boot: nothing left to apply
    const { rows } = await again.query('select email from users');
    expect(rows).toEqual([{ email: 'a@b.co' }]);
    const applied = await again.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0]?.n).toBeGreaterThan(0);
    const buffers = await again.query('show shared_buffers');
    expect(buffers.rows[0]).toEqual({ shared_buffers: '16MB' });
    await again.close();
  });

  it('starts a new data directory as a copy of the migrated template, with nothing left to apply', async () => {
    const template = path.join(root, 'template');
    await buildMigratedClusterTemplate(template);
    const applied = async (dataDir: string) => {
      const database = await openDatabase({ dataDir, clusterTemplate: template });
      const { rows } = await database.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      return { database, n: rows[0]?.n as number };
    };
    const fromTemplate = await applied(path.join(root, 'from-template'));
    expect(fromTemplate.n).toBeGreaterThan(0);
    await fromTemplate.database.migrate(); // nothing to apply: the template holds every migration
    const after = await fromTemplate.database.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(after.rows[0]?.n).toBe(fromTemplate.n);
    await fromTemplate.database.query("insert into users (email, password_hash) values ('c@d.co', 'x')");
    await fromTemplate.database.close();

    // The copy is its own cluster: the template is untouched by what the copy stores.
    const second = await applied(path.join(root, 'second'));
    expect((await second.database.query('select email from users')).rows).toEqual([]);
    await second.database.close();
  });
});
