// Statement import batches (import.service.ts): the staged upload, its mapping and its outcome.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseImportBatches, expenses } from '../../db/schema';
import { notFound } from '../../errors';
import { clearReferencesTo } from '../../db/clear-references';

export type ImportBatchRow = typeof expenseImportBatches.$inferSelect;
type NewImportBatchRow = typeof expenseImportBatches.$inferInsert;

export async function insertImportBatch(db: DbOrTx, values: NewImportBatchRow): Promise<ImportBatchRow> {
  const [batch] = await db.insert(expenseImportBatches).values(values).returning();
  return batch!;
}

/** Sets values on the organization's batch (`orgId` null: the caller just created it). */
export async function updateImportBatch(
  db: DbOrTx,
  orgId: string | null,
  id: string,
  values: Partial<NewImportBatchRow>,
): Promise<void> {
  await db
    .update(expenseImportBatches)
    .set(values)
    .where(
      orgId
        ? and(eq(expenseImportBatches.organizationId, orgId), eq(expenseImportBatches.id, id))
        : eq(expenseImportBatches.id, id),
    );
}

/** The organization's batch (locked for the transaction with `lock`); 404 when it has none. */
export async function findBatch(db: DbOrTx, orgId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(expenseImportBatches)
    .where(and(eq(expenseImportBatches.organizationId, orgId), eq(expenseImportBatches.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Import');
  return row;
}

/** The organization's latest 100 batches. */
export function listImportBatches(db: DbOrTx, orgId: string) {
  return db
    .select()
    .from(expenseImportBatches)
    .where(eq(expenseImportBatches.organizationId, orgId))
    .orderBy(desc(expenseImportBatches.createdAt))
    .limit(100);
}

/** Deletes a batch's expenses, then the batch; answers the expenses removed (id, document). */
export async function deleteImportBatch(db: DbOrTx, orgId: string, id: string) {
  const batchExpenses = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.importBatchId, id)));
  await clearReferencesTo(
    db,
    expenses,
    orgId,
    batchExpenses.map((row) => row.id),
  );
  const removed = await db
    .delete(expenses)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.importBatchId, id)))
    .returning({ id: expenses.id, documentKey: expenses.documentKey });
  await db.delete(expenseImportBatches).where(eq(expenseImportBatches.id, id));
  return removed;
}
