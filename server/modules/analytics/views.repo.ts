import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { analyticsViews } from '../../db/schema';

export type AnalyticsViewRow = typeof analyticsViews.$inferSelect;

/** The organization's saved views, by name. */
export function listViewRows(db: DbOrTx, orgId: string): Promise<AnalyticsViewRow[]> {
  return db
    .select()
    .from(analyticsViews)
    .where(eq(analyticsViews.organizationId, orgId))
    .orderBy(asc(analyticsViews.name));
}

/** Inserts a saved view (a unique violation when the name is taken). */
export async function insertView(
  db: DbOrTx,
  values: typeof analyticsViews.$inferInsert,
): Promise<AnalyticsViewRow> {
  const [row] = await db.insert(analyticsViews).values(values).returning();
  return row!;
}

/** Deletes a saved view; answers whether there was one. */
export async function deleteViewRow(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(analyticsViews)
    .where(and(eq(analyticsViews.organizationId, orgId), eq(analyticsViews.id, id)))
    .returning({ id: analyticsViews.id });
  return deleted.length > 0;
}
