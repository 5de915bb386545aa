import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Refreshes the planner's statistics after a bulk load. PGlite has no autovacuum, so without this
 * the planner keeps believing a table is empty and picks poor plans for large imports.
 */
export async function refreshPlannerStats(db: DbOrTx, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
}
