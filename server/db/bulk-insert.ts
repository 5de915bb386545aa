// Multi-row writes of any size. A PostgreSQL statement binds at most 65,535 parameters, so a
// `.values(rows)` of unbounded length fails past it (issue 34). Plain inserts and upserts take
// bulkInsert: rows travel as ONE JSON parameter expanded by json_populate_recordset (which PGlite in
// particular handles much faster than thousands of parameters). Writes the query builder must make
// (`.returning()`, `excluded.` updates) take inChunks; long id lists take inIdList.
import {
  getTableColumns,
  getTableName,
  sql,
  type InferInsertModel,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** The most bind parameters one PostgreSQL statement may carry. */
export const MAX_BIND_PARAMETERS = 65_535;

/** `column` is one of `values` (of SQL type `cast`, if given): one JSON parameter however many values. */
export function inJsonList(column: SQLWrapper, values: readonly string[], cast?: 'uuid'): SQL {
  const elements = sql`json_array_elements_text(${JSON.stringify(values)}::json)`;
  return sql`${column} in (select ${cast ? sql`${elements}::uuid` : elements})`;
}

/** inArray for a uuid column and an id list of any length: one JSON parameter, not one per id. */
export const inIdList = (column: SQLWrapper, ids: readonly string[]) => inJsonList(column, ids, 'uuid');

/** Rows of `table` one statement can insert: each binds at most one parameter per column. */
export function rowsPerStatement(table: PgTable): number {
  return Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Object.keys(getTableColumns(table)).length));
}

/**
 * Runs `write` on consecutive slices of `rows` that fit one statement each (rows × `table`'s columns
 * ≤ 65,535) and answers what the writes return, in order. For a multi-row write the query builder
 * must make (`.returning()`, an upsert setting `excluded.` values); plain ones take bulkInsert.
 */
export async function inChunks<Row, Result>(
  table: PgTable,
  rows: readonly Row[],
  write: (chunk: Row[]) => PromiseLike<Result>,
): Promise<Result extends Array<infer Out> ? Out[] : void> {
  const size = rowsPerStatement(table);
  const out: unknown[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const written = await write(rows.slice(i, i + size));
    if (Array.isArray(written)) for (const row of written) out.push(row);
  }
  return out as Result extends Array<infer Out> ? Out[] : void;
}

/**
 * Inserts `rows` (property names as in the Drizzle table) in chunks. Every row must set the same
 * properties; columns left out take their database defaults. Returns nothing: give rows their ids
 * (e.g. randomUUID()) when you need them afterwards.
 */
export async function bulkInsert<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: Array<InferInsertModel<T>>,
  options: {
    chunkSize?: number;
    onConflictDoNothing?: boolean;
    /** An `on conflict (…) do update …` clause instead (rows of one chunk must not share a key). */
    onConflict?: SQL;
  } = {},
): Promise<void> {
  const chunkSize = options.chunkSize ?? 2000;
  const onConflict = options.onConflict
    ? sql` ${options.onConflict}`
    : options.onConflictDoNothing
      ? sql` on conflict do nothing`
      : sql``;
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]).filter((key) => key in columns);
  const names = keys.map((key) => columns[key].name);
  const columnList = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const tableName = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += chunkSize) {
    // Null and absent values are left out: json_populate_recordset(null, …) makes a missing key
    // NULL, and a big import's JSON (serialised, measured and parsed three times) halves.
    const chunk = rows.slice(i, i + chunkSize).map((row) => {
      const record: Record<string, unknown> = {};
      for (let k = 0; k < keys.length; k += 1) {
        const value = (row as Record<string, unknown>)[keys[k]];
        if (value !== null && value !== undefined) record[names[k]] = jsonValue(value);
      }
      return record;
    });
    await db.execute(
      sql`insert into ${tableName} (${columnList}) select ${columnList} from json_populate_recordset(null::${tableName}, ${JSON.stringify(chunk)}::json)${onConflict}`,
    );
  }
}
