import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

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
