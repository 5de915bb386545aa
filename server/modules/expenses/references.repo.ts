// Ids an expense, rule or budget points at must be this organization's (and the right list); a
// foreign or unknown id is a 400 naming the field, never a cross-tenant link.
import { eq } from 'drizzle-orm';
import type { SettingsList } from '../../../common/contracts/settings-lists';
import type { DbOrTx } from '../../db/client';
import { invalidFields } from '../../errors';
import { existingIds } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';
import { findVendor } from '../vendors';

export interface ExpenseReferences {
  subscriptionId?: string | null;
  vendorId?: string | null;
  paymentMethodId?: string | null;
  categoryId?: string | null;
  projectId?: string | null;
}

const LISTS: Array<[keyof ExpenseReferences, SettingsList, string]> = [
  ['paymentMethodId', 'payment-methods', 'Unknown payment method'],
  ['categoryId', 'categories', 'Unknown category'],
  ['projectId', 'projects', 'Unknown project'],
];

export async function findApplication(db: DbOrTx, orgId: string, id: string) {
  const subscriptions = subscriptionsOf(orgId);
  const [row] = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      vendorId: subscriptions.vendorId,
      archivedAt: subscriptions.archivedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row ?? null;
}

/** Throws 400 with the offending fields when a referenced id is not this organization's. */
export async function assertReferences(db: DbOrTx, orgId: string, input: ExpenseReferences): Promise<void> {
  const issues: Array<{ field: string; message: string }> = [];
  if (input.subscriptionId && !(await findApplication(db, orgId, input.subscriptionId))) {
    issues.push({ field: 'subscriptionId', message: 'Unknown application' });
  }
  if (input.vendorId && !(await findVendor(db, orgId, input.vendorId))) {
    issues.push({ field: 'vendorId', message: 'Unknown vendor' });
  }
  for (const [field, list, message] of LISTS) {
    const id = input[field];
    if (!id) continue;
    const found = await existingIds(db, orgId, list, [id]);
    if (!found.has(id)) issues.push({ field, message });
  }
  if (issues.length > 0) throw invalidFields(issues);
}
