import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-server';
import { bulkInsert, inChunks, inIdList, MAX_BIND_PARAMETERS, rowsPerStatement } from './bulk-insert';
import type { Database } from './client';

// Writes past PostgreSQL's 65,535 bind parameters (issue 34), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL: 70,000 rows of 2 columns and 7,000 rows of 10.
const narrow = pgTable('bulk_probe_narrow', { id: uuid('id').primaryKey(), n: integer('n').notNull() });
const wideColumns = { id: uuid('id').primaryKey(), ...columns(9) };
const wide = pgTable('bulk_probe_wide', wideColumns);

function columns(count: number) {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`c${i}`, text(`c${i}`)])) as Record<
    `c${number}`,
    ReturnType<typeof text>
  >;
}

const narrowRows = Array.from({ length: 70_000 }, (_, n) => ({ id: randomUUID(), n }));
const wideRows = Array.from({ length: 7_000 }, (_, n) => ({
  id: randomUUID(),
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`c${i}`, `${n}-${i}`])),
}));

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table bulk_probe_narrow (id uuid primary key, n integer not null)`);
  await database.db.execute(
    sql.raw(
      `create table bulk_probe_wide (id uuid primary key, ${Array.from({ length: 9 }, (_, i) => `c${i} text`).join(', ')})`,
    ),
  );
});
afterAll(() => drop());

const count = async (table: string) =>
  Number((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

describe('bulk writes past 65,535 parameters', () => {
  it('goes past the limit: one .values(rows) of these fails', async () => {
    expect(narrowRows.length * 2).toBeGreaterThan(MAX_BIND_PARAMETERS);
    expect(wideRows.length * 10).toBeGreaterThan(MAX_BIND_PARAMETERS);
    await expect(database.db.insert(wide).values(wideRows)).rejects.toThrow();
    expect(await count('bulk_probe_wide')).toBe(0);
  });

  it('bulkInsert writes them all, and upserts them again', async () => {
    await bulkInsert(database.db, narrow, narrowRows);
    expect(await count('bulk_probe_narrow')).toBe(70_000);
    await bulkInsert(
      database.db,
      narrow,
      narrowRows.map((r) => ({ ...r, n: r.n + 1 })),
      { onConflict: sql`on conflict (id) do update set n = excluded.n` },
    );
    const [sum] = (await database.db.execute(sql`select sum(n)::bigint as s from bulk_probe_narrow`)).rows;
    expect(Number(sum!.s)).toBe((70_000 * 69_999) / 2 + 70_000);
  });

  it('inChunks keeps each statement under the limit and answers every returned row', async () => {
    expect(rowsPerStatement(wide)).toBe(Math.floor(MAX_BIND_PARAMETERS / 10));
    const returned = await inChunks(wide, wideRows, (chunk) =>
      database.db.insert(wide).values(chunk).returning({ id: wide.id }),
    );
    expect(returned.map((r) => r.id)).toEqual(wideRows.map((r) => r.id));
    expect(await count('bulk_probe_wide')).toBe(7_000);
  });

  it('inIdList finds 70,000 ids in one parameter', async () => {
    const ids = narrowRows.map((r) => r.id);
    const [found] = (
      await database.db.execute(
        sql`select count(*)::int as n from bulk_probe_narrow where ${inIdList(narrow.id, ids)}`,
      )
    ).rows;
    expect(Number(found!.n)).toBe(70_000);
  });
});
