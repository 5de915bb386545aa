import { eq } from 'drizzle-orm';
import type { AllocationTargetKind } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { budgetExists } from '../budgets';
import { listContracts } from '../contracts';
import { expensesOf } from '../expenses';
import { licensePoolsOf } from '../licenses';
import { subscriptionsOf } from '../subscriptions';

/** Whether the organization has the allocation's target (another tenant's id: no). */
export async function targetExists(
  db: DbOrTx,
  orgId: string,
  { kind, id }: { kind: AllocationTargetKind; id: string },
): Promise<boolean> {
  const firstRow = async (q: Promise<unknown[]>) => (await q).length > 0;
  switch (kind) {
    case 'subscription': {
      const app = subscriptionsOf(orgId);
      return firstRow(db.select({ id: app.id }).from(app).where(eq(app.id, id)));
    }
    case 'license_pool': {
      const pool = licensePoolsOf(orgId);
      return firstRow(db.select({ id: pool.id }).from(pool).where(eq(pool.id, id)));
    }
    case 'expense': {
      const expense = expensesOf(orgId);
      return firstRow(db.select({ id: expense.id }).from(expense).where(eq(expense.id, id)));
    }
    case 'contract':
      return firstRow(listContracts(db, orgId, { id }));
    case 'budget':
      return budgetExists(db, orgId, id);
  }
}
