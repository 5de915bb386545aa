import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

// The columns the application's queries filter, join, group and sort on. Statistics on free text
// (names, notes, descriptions, URLs) cost most of an ANALYZE (at 40,000 applications 390 ms of
// CPU on PGlite against 160 ms for these) and no plan here depends on them; a table not listed is
// analysed whole. Row counts and page counts are refreshed either way.
const PLANNER_COLUMNS: Record<string, readonly string[]> = {
  subscriptions: [
    'organization_id',
    'status',
    'archived_at',
    'next_renewal_date',
    'vendor_id',
    'category_id',
    'payment_method_id',
    'owner_user_id',
    'department',
    'billing_cycle',
    'currency',
    'catalog_slug',
    'created_at',
    'monthly_cost_minor',
    'import_id',
  ],
  expenses: [
    'organization_id',
    'date',
    'match_status',
    'subscription_id',
    'suggested_subscription_id',
    'vendor_id',
    'category_id',
    'payment_method_id',
    'merchant_key',
    'currency',
    'amount_minor',
    'import_batch_id',
    'source',
  ],
};

/**
 * Refreshes the planner's statistics after a bulk load. PGlite has no autovacuum, so without this
 * the planner keeps believing a table is empty and picks poor plans for large imports.
 */
export async function refreshPlannerStats(db: DbOrTx, tables: readonly string[]): Promise<void> {
  // Only tables that exist: a database migrated part-way (the migration tests) lacks later ones.
  const present = await db.execute<{ name: string }>(
    sql`select name from unnest(${`{${tables.join(',')}}`}::text[]) name where to_regclass(name) is not null`,
  );
  for (const { name: table } of present.rows) {
    const columns = PLANNER_COLUMNS[table];
    const list = columns
      ? sql` (${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )})`
      : sql``;
    await db.execute(sql`analyze ${sql.identifier(table)}${list}`);
  }
}
