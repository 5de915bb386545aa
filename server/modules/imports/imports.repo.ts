import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { imports } from '../../db/schema';

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(db: DbOrTx, values: typeof imports.$inferInsert) {
  const [row] = await db.insert(imports).values(values).returning();
  return row;
}

export async function findImport(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.organizationId, orgId), eq(imports.id, id)));
  return row ?? null;
}

export async function updateImport(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<typeof imports.$inferInsert>,
) {
  await db
    .update(imports)
    .set(values)
    .where(and(eq(imports.organizationId, orgId), eq(imports.id, id)));
}
