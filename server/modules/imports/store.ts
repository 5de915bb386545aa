// Stores validated import rows: one transaction (the caller's), bulk statements in batches.
import { renewalDateToStore } from '../../../common/billing';
import { todayInTimeZone } from '../../../common/dates';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { OnProgress } from '../../lib/progress-reply';
import type { ActingContext } from '../../lib/acting-context';
import { recordAudits } from '../../lib/audit';
import { markSetupStep } from '../organizations';
import { findOrCreateItems } from '../settings-lists';
import {
  assertAppLimit,
  bulkInsertSubscriptions,
  cancellationDay,
  derivedCosts,
  insertPriceChanges,
  priceTerms,
  type NewSubscriptionRow,
  type SubscriptionRow,
} from '../subscriptions';
import { findOrCreateVendors } from '../vendors';
import type { ImportCandidate } from './rows';

const BATCH = 2000;

export interface StoreResult {
  imported: number;
  ids: string[];
  vendorsCreated: number;
  categoriesCreated: number;
}

const lower = (s: string | null) => (s ? s.toLowerCase() : null);

/**
 * Inserts the candidates as applications with their vendors, categories, tags and payment methods
 * (found or created by name), first price-history entries and audit events. Respects the plan limit
 * for the whole batch. Must run inside a transaction: any failure leaves nothing behind.
 */
export async function storeCandidates(
  tx: DbOrTx,
  ctx: ActingContext & { userId: string },
  candidates: ImportCandidate[],
  options: {
    now: Date;
    source: 'import' | 'wallos' | 'demo';
    importId: string | null;
    skipPlanLimit?: boolean;
    onProgress?: OnProgress;
  },
): Promise<StoreResult> {
  const { now } = options;
  const today = todayInTimeZone(now);
  if (!options.skipPlanLimit) await assertAppLimit(tx, ctx.orgId, now, candidates.length);

  const vendors = await findOrCreateVendors(
    tx,
    ctx.orgId,
    candidates
      .filter((c) => c.vendor)
      .map((c) => ({
        name: c.vendor!,
        domain: c.vendorDomain,
        website: c.vendorDomain ? `https://${c.vendorDomain}` : null,
      })),
  );
  const names = (pick: (c: ImportCandidate) => Array<string | null>) =>
    candidates.flatMap(pick).filter((n): n is string => Boolean(n));
  const categories = await findOrCreateItems(
    tx,
    ctx.orgId,
    'categories',
    names((c) => [c.category]),
  );
  const tags = await findOrCreateItems(
    tx,
    ctx.orgId,
    'tags',
    names((c) => c.tags),
  );
  const paymentMethods = await findOrCreateItems(
    tx,
    ctx.orgId,
    'payment-methods',
    names((c) => [c.paymentMethod]),
  );

  const ids: string[] = [];
  const total = candidates.length;
  for (let i = 0; i < candidates.length; i += BATCH) {
    await options.onProgress?.({ phase: 'saving', done: i, total });
    const batch = candidates.slice(i, i + BATCH);
    const rows = batch.map((c): NewSubscriptionRow & { id: string } => {
      const costs = derivedCosts(c);
      const renewal = renewalDateToStore({
        nextRenewalDate: c.nextRenewalDate,
        startDate: c.startDate,
        cycle: c.billingCycle,
        intervalMonths: costs.intervalMonths,
        autoRenew: c.autoRenew,
        status: c.status,
        today,
      });
      return {
        id: randomUUID(),
        organizationId: ctx.orgId,
        name: c.name,
        vendorId: c.vendor ? (vendors.ids.get(c.vendor.toLowerCase()) ?? null) : null,
        catalogSlug: c.catalogSlug,
        description: c.description,
        categoryId: categories.ids.get(lower(c.category) ?? '') ?? null,
        tagIds: [
          ...new Set(
            c.tags.map((t) => tags.ids.get(t.toLowerCase())).filter((id): id is string => Boolean(id)),
          ),
        ],
        paymentMethodId: paymentMethods.ids.get(lower(c.paymentMethod) ?? '') ?? null,
        status: c.status,
        ownerUserId: c.ownerUserId,
        department: c.department,
        billingCycle: c.billingCycle,
        pricingModel: c.pricingModel,
        seats: c.seats,
        unitPriceMinor: c.unitPriceMinor,
        currency: c.currency,
        ...costs,
        startDate: c.startDate,
        contractTermMonths: c.contractTermMonths ?? null,
        nextRenewalDate: renewal,
        cancelledOn: cancellationDay(c.status, null, null, today),
        autoRenew: c.autoRenew,
        noticePeriodDays: c.noticePeriodDays,
        url: c.url,
        notes: c.notes,
        importId: options.importId,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      };
    });
    await bulkInsertSubscriptions(tx, rows);
    ids.push(...rows.map((row) => row.id));
    // An import is one audited mutation: its rows point at it (importId), and their activity and
    // first price are read from the import and the row, so 10,000 rows do not write 20,000 more.
    if (options.importId) continue;
    await insertPriceChanges(
      tx,
      rows.map((row) => ({
        organizationId: ctx.orgId,
        subscriptionId: row.id,
        changedAt: now,
        effectiveDate: today,
        changedBy: ctx.userId,
        source: options.source,
        fields: [],
        previous: null,
        current: priceTerms(row as SubscriptionRow),
      })),
    );
    await recordAudits(
      tx,
      ctx,
      rows.map((row, k) => ({
        action: 'subscription.create',
        entityType: 'subscription',
        entityId: row.id,
        changes: { name: row.name, source: options.source, importId: options.importId, row: batch[k].row },
      })),
    );
  }
  await options.onProgress?.({ phase: 'saving', done: total, total });
  if (ids.length > 0) await markSetupStep(tx, ctx.orgId, 'addApplications', now);
  return {
    imported: ids.length,
    ids,
    vendorsCreated: vendors.created,
    categoriesCreated: categories.created,
  };
}
