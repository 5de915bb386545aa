// The embedded database on disk: a new data directory starts from PGlite's initialised cluster
// (this fails if @electric-sql/pglite and its -prepopulatedfs drift to different PostgreSQL
// majors), is migrated, and keeps what was written across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const root = mkdtempSync(path.join(os.tmpdir(), 'stackwise-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database on disk', () => {
  it('migrates a new data directory and keeps its rows across a restart', async () => {
    const dataDir = path.join(root, 'pglite');
    const first = await openDatabase({ dataDir });
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
});
