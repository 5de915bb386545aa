// Fast multi-row inserts: rows travel as ONE JSON parameter expanded by json_populate_recordset,
// instead of thousands of bind parameters (which PGlite in particular handles slowly).
import { getTableColumns, getTableName, sql, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** `column` is one of `values`: a single JSON parameter however many values there are. */
export function inJsonList(column: SQL, values: readonly string[]): SQL {
  return sql`${column} in (select json_array_elements_text(${JSON.stringify(values)}::json))`;
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
