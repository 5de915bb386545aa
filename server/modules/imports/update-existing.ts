// The "update" choice: the stored application takes the fields the file maps, as an edit would
// (price history, `subscription.price_changed`, audit), inside the import's transaction.
import type { z } from 'zod';
import type { updateSubscriptionBody } from '../../../common/contracts/subscriptions';
import type { DbOrTx } from '../../db/client';
import type { ActingContext } from '../../lib/acting-context';
import { findOrCreateItems } from '../settings-lists';
import { applySubscriptionUpdate } from '../subscriptions';
import type { ImportCandidate, RawRecord } from './rows';

type UpdateInput = z.output<typeof updateSubscriptionBody>;

const PRICE_FIELDS = ['amount', 'unitPrice', 'seats', 'pricingModel', 'billingCycle', 'currency'] as const;

/** The edit a row makes: only the columns the file has (an unmapped column leaves the field as is). */
async function editOf(tx: DbOrTx, orgId: string, raw: RawRecord, c: ImportCandidate): Promise<UpdateInput> {
  const has = (field: keyof RawRecord) => raw[field] !== undefined && raw[field].trim() !== '';
  const edit: UpdateInput = {};
  if (has('name')) edit.name = c.name;
  if (has('vendor') && c.vendor) edit.vendorName = c.vendor;
  if (PRICE_FIELDS.some(has)) {
    Object.assign(edit, {
      pricingModel: c.pricingModel,
      billingCycle: c.billingCycle,
      intervalMonths: c.intervalMonths,
      amountMinor: c.amountMinor,
      seats: c.seats,
      unitPriceMinor: c.unitPriceMinor,
      currency: c.currency,
    });
  }
  if (has('nextRenewalDate')) edit.nextRenewalDate = c.nextRenewalDate;
  if (has('startDate')) edit.startDate = c.startDate;
  if (has('autoRenew')) edit.autoRenew = c.autoRenew;
  if (has('noticePeriodDays')) edit.noticePeriodDays = c.noticePeriodDays;
  if (has('ownerEmail')) edit.ownerUserId = c.ownerUserId;
  if (has('department')) edit.department = c.department;
  if (has('status')) edit.status = c.status;
  if (has('url')) edit.url = c.url;
  if (has('description')) edit.description = c.description;
  if (has('notes')) edit.notes = c.notes;
  const item = async (kind: 'categories' | 'payment-methods', name: string | null) =>
    name ? (await findOrCreateItems(tx, orgId, kind, [name])).ids.get(name.toLowerCase()) : undefined;
  if (has('category')) edit.categoryId = await item('categories', c.category);
  if (has('paymentMethod')) edit.paymentMethodId = await item('payment-methods', c.paymentMethod);
  if (has('tags') && c.tags.length > 0) {
    const tags = await findOrCreateItems(tx, orgId, 'tags', c.tags);
    edit.tagIds = c.tags.map((t) => tags.ids.get(t.toLowerCase())).filter((id): id is string => !!id);
  }
  return edit;
}

/** Applies each row to the application it matched; returns how many were updated. */
export async function updateExistingApps(
  tx: DbOrTx,
  ctx: ActingContext,
  rows: Array<{ raw: RawRecord; candidate: ImportCandidate; existingId: string }>,
  now: Date,
): Promise<number> {
  for (const row of rows) {
    const edit = await editOf(tx, ctx.orgId, row.raw, row.candidate);
    await applySubscriptionUpdate(tx, ctx, row.existingId, edit, now);
  }
  return rows.length;
}
