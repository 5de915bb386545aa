import { getTableColumns, getTableName, sql, Subquery, type SQL } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type PgTable, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { SelectionProxyHandler } from 'drizzle-orm/selection-proxy';

/** A uuid[] literal from ids (drizzle would otherwise expand an array into a parameter list). */
export function uuidArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`'{}'::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Builds the join-able subqueries owners export (issue 14): a consumer joins another owner's
 * `xxxOf(orgId)` instead of its table, so its query stays one statement (PostgreSQL flattens them).
 */
export const subqueryBuilder = new QueryBuilder();

const dialect = new PgDialect();
/** `select "id", "organization_id", … from "table"` per table, rendered on first use. */
const everyColumnSelects = new WeakMap<PgTable, SQL>();

/**
 * The rows of `table` that `where` keeps, every column, as a join-able subquery (what an owner's
 * `xxxOf(orgId)` returns): the same statement and the same fields as
 * `subqueryBuilder.select(getTableColumns(table)).from(table).where(where).as(alias)`, but the
 * column list is rendered once per table instead of on every call. Building and rendering a
 * 35-column select took ~0.45 ms each time, and one request joins these subqueries up to ~30 times
 * (the executive summary): a tenth of its time (issue 34).
 */
export function everyColumnOf<T extends PgTable, A extends string>(
  table: T,
  where: SQL,
  alias: A,
): SubqueryWithSelection<T['_']['columns'], A> {
  let head = everyColumnSelects.get(table);
  if (!head) {
    head = sql.raw(
      dialect.sqlToQuery(
        subqueryBuilder
          .select(getTableColumns(table))
          .from(table as PgTable)
          .getSQL(),
      ).sql,
    );
    everyColumnSelects.set(table, head);
  }
  const subquery = new Subquery(sql`${head} where ${where}`, getTableColumns(table), alias, false, [
    getTableName(table),
  ]);
  return new Proxy(
    subquery,
    new SelectionProxyHandler({ alias, sqlAliasedBehavior: 'alias', sqlBehavior: 'error' }),
  ) as unknown as SubqueryWithSelection<T['_']['columns'], A>;
}
