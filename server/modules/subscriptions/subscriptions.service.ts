import type { z } from 'zod';
import { renewalDateToStore, type BillingCycle, type PricingModel } from '../../../common/billing';
import {
  pricingRuleIssues,
  type SubscriptionStatus,
  type createSubscriptionBody,
  type updateSubscriptionBody,
} from '../../../common/contracts/subscriptions';
import { todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { invalidFields, notFound } from '../../errors';
import { actingUserId, dbOf, type ActingContext } from '../../lib/acting-context';
import type { OrganizationRow, RequestContext, ServiceDeps } from '../../types';
import { publishEvent } from '../../lib/events/publish';
import { diffChanges, recordAudit } from '../../lib/audit';
import { type CatalogApp, findCatalogApp } from '../catalog';
import { markSetupStep } from '../organizations';
import { findOrCreateItems } from '../settings-lists';
import { findOrCreateVendors } from '../vendors';
import { assertAppLimit } from './app-limit';
import { resolvePrice } from './catalog-prefill';
import { referenceIssues, uniqueIds, type FieldIssue } from './references';
import * as repo from './subscriptions.repo';
import { presentMany } from './subscriptions.present';
import {
  cancellationDay,
  cancellationIssues,
  changedPriceFields,
  derivedCosts,
  priceTerms,
  type PriceFields,
} from './subscription-values';

type CreateInput = z.output<typeof createSubscriptionBody>;
type UpdateInput = z.output<typeof updateSubscriptionBody>;

/** One application as the API shows it; 404 when it is not this organization's. */
export async function getSubscription(
  deps: ServiceDeps,
  ctx: Pick<RequestContext, 'orgId'>,
  id: string,
  db: DbOrTx = deps.db,
) {
  const row = await repo.findJoined(db, ctx.orgId, id);
  if (!row) throw notFound('Application');
  const [presented] = await presentMany(db, ctx.orgId, [row], todayInTimeZone(deps.clock.now()));
  return presented;
}

function throwIfIssues(issues: FieldIssue[]) {
  if (issues.length > 0) throw invalidFields(issues);
}

/** Vendor id for a create/edit: the given id, else a vendor found or created by name. */
async function resolveVendorId(
  tx: DbOrTx,
  orgId: string,
  input: { vendorId?: string | null; vendorName?: string | null },
  app: CatalogApp | null,
) {
  if (input.vendorId !== undefined) return input.vendorId;
  const name = input.vendorName?.trim() || app?.vendor;
  if (!name) return undefined;
  const { ids } = await findOrCreateVendors(tx, orgId, [
    {
      name,
      domain: app && app.vendor === name ? app.domain : null,
      website: app && app.vendor === name ? `https://${app.domain}` : null,
    },
  ]);
  return ids.get(name.toLowerCase());
}

/**
 * Creates an application: in its own transaction, or a savepoint of the context's (an invoice
 * booking, a discovery accepted). Any actor may create one; jobs record no author.
 */
export async function createSubscription(
  deps: ServiceDeps,
  ctx: ActingContext & { org: OrganizationRow },
  input: CreateInput,
) {
  const app = input.catalogSlug ? (findCatalogApp(input.catalogSlug) ?? null) : null;
  if (input.catalogSlug && !app)
    throw invalidFields([{ field: 'catalogSlug', message: 'Unknown catalogue application' }]);
  const price = resolvePrice(input, app, ctx.org.currency);
  throwIfIssues(pricingRuleIssues(price));
  const now = deps.clock.now();
  const today = todayInTimeZone(now);
  throwIfIssues(cancellationIssues(input.status ?? 'active', input.cancelledOn, today));

  const db = dbOf(ctx, deps.db);
  const id = await db.transaction(async (tx) => {
    await assertAppLimit(tx, ctx.orgId, now);
    throwIfIssues(await referenceIssues(tx, ctx.orgId, input));
    const vendorId = await resolveVendorId(tx, ctx.orgId, input, app);
    let categoryId = input.categoryId;
    if (categoryId === undefined && app) {
      categoryId = (await findOrCreateItems(tx, ctx.orgId, 'categories', [app.category])).ids.get(
        app.category.toLowerCase(),
      );
    }
    const costs = derivedCosts(price);
    const autoRenew = input.autoRenew ?? true;
    const startDate = input.startDate ?? null;
    const status = input.status ?? 'active';
    const values: repo.NewSubscriptionRow = {
      organizationId: ctx.orgId,
      name: input.name,
      vendorId: vendorId ?? null,
      catalogSlug: app?.slug ?? null,
      description: input.description ?? app?.description ?? null,
      categoryId: categoryId ?? null,
      tagIds: uniqueIds(input.tagIds) ?? [],
      useCaseIds: uniqueIds(input.useCaseIds) ?? [],
      projectIds: uniqueIds(input.projectIds) ?? [],
      paymentMethodId: input.paymentMethodId ?? null,
      status,
      ownerUserId: input.ownerUserId ?? null,
      department: input.department ?? null,
      ...price,
      ...costs,
      startDate,
      contractTermMonths: input.contractTermMonths ?? null,
      nextRenewalDate: renewalDateToStore({
        nextRenewalDate: input.nextRenewalDate ?? null,
        startDate,
        cycle: price.billingCycle,
        intervalMonths: costs.intervalMonths,
        autoRenew,
        status,
        today,
      }),
      cancelledOn: cancellationDay(status, input.cancelledOn, null, today),
      autoRenew,
      noticePeriodDays: input.noticePeriodDays ?? 0,
      url: input.url ?? (app ? `https://${app.domain}` : null),
      notes: input.notes ?? null,
      createdBy: actingUserId(ctx),
      createdAt: now,
      updatedAt: now,
    };
    const [row] = await repo.insertSubscriptions(tx, [values]);
    await repo.insertPriceChanges(tx, [
      {
        organizationId: ctx.orgId,
        subscriptionId: row.id,
        changedAt: now,
        effectiveDate: today,
        changedBy: actingUserId(ctx),
        source: 'create',
        fields: [],
        previous: null,
        current: priceTerms(row),
      },
    ]);
    await recordAudit(tx, ctx, {
      action: 'subscription.create',
      entityType: 'subscription',
      entityId: row.id,
      changes: auditableValues(row),
    });
    await markSetupStep(tx, ctx.orgId, 'addApplications', now);
    return row.id;
  });
  return getSubscription(deps, ctx, id, db);
}

/** The fields worth keeping in the audit log (no derived or bookkeeping columns). */
function auditableValues(row: Partial<repo.SubscriptionRow>) {
  const {
    id: _id,
    organizationId: _o,
    createdAt: _c,
    updatedAt: _u,
    createdBy: _b,
    monthlyCostMinor: _m,
    annualCostMinor: _a,
    ...rest
  } = row;
  return Object.fromEntries(
    Object.entries(rest).filter(
      ([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

export async function updateSubscription(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  input: UpdateInput,
) {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => applySubscriptionUpdate(tx, ctx, id, input, now));
  return getSubscription(deps, ctx, id);
}

/**
 * An edit inside the caller's transaction (the form's, or an import's "update" rows): price history
 * and its `subscription.price_changed` event when the price changes, and an audit entry.
 */
export async function applySubscriptionUpdate(
  tx: DbOrTx,
  ctx: ActingContext,
  id: string,
  input: UpdateInput,
  now: Date,
) {
  const today = todayInTimeZone(now);
  const app = input.catalogSlug ? (findCatalogApp(input.catalogSlug) ?? null) : null;
  if (input.catalogSlug && !app)
    throw invalidFields([{ field: 'catalogSlug', message: 'Unknown catalogue application' }]);
  const before = await repo.findForUpdate(tx, ctx.orgId, id);
  if (!before) throw notFound('Application');
  const merged: PriceFields = {
    pricingModel: (input.pricingModel ?? before.pricingModel) as PricingModel,
    billingCycle: (input.billingCycle ?? before.billingCycle) as BillingCycle,
    intervalMonths: input.intervalMonths !== undefined ? input.intervalMonths : before.intervalMonths,
    amountMinor: input.amountMinor ?? before.amountMinor,
    seats: input.seats !== undefined ? input.seats : before.seats,
    unitPriceMinor: input.unitPriceMinor !== undefined ? input.unitPriceMinor : before.unitPriceMinor,
    currency: input.currency ?? before.currency,
  };
  throwIfIssues(pricingRuleIssues(merged));
  throwIfIssues(await referenceIssues(tx, ctx.orgId, input));
  const costs = derivedCosts(merged);
  const vendorId = await resolveVendorId(
    tx,
    ctx.orgId,
    { vendorId: input.vendorId, vendorName: input.vendorName ?? undefined },
    null,
  );
  const startDate = input.startDate !== undefined ? input.startDate : before.startDate;
  const autoRenew = input.autoRenew ?? before.autoRenew;
  // Without a date in the request, a new start date or cycle moves the renewal: recounted from the
  // start date (with none, the stored date still anchors the schedule). A cleared date is recomputed.
  const scheduleChanged =
    startDate !== before.startDate ||
    merged.billingCycle !== before.billingCycle ||
    costs.intervalMonths !== before.intervalMonths;
  let next = input.nextRenewalDate !== undefined ? input.nextRenewalDate : before.nextRenewalDate;
  if (input.nextRenewalDate === undefined && scheduleChanged && startDate) next = null;
  const status = input.status ?? (before.status as SubscriptionStatus);
  throwIfIssues(cancellationIssues(status, input.cancelledOn, today));
  const values: Partial<repo.NewSubscriptionRow> = {
    name: input.name,
    vendorId,
    catalogSlug: input.catalogSlug,
    description: input.description,
    categoryId: input.categoryId,
    tagIds: uniqueIds(input.tagIds),
    useCaseIds: uniqueIds(input.useCaseIds),
    projectIds: uniqueIds(input.projectIds),
    paymentMethodId: input.paymentMethodId,
    status: input.status,
    ownerUserId: input.ownerUserId,
    department: input.department,
    ...merged,
    ...costs,
    startDate,
    contractTermMonths: input.contractTermMonths,
    nextRenewalDate: renewalDateToStore({
      nextRenewalDate: next,
      startDate,
      cycle: merged.billingCycle,
      intervalMonths: costs.intervalMonths,
      autoRenew,
      status,
      today,
    }),
    cancelledOn: cancellationDay(status, input.cancelledOn, before, today),
    autoRenew,
    noticePeriodDays: input.noticePeriodDays,
    url: input.url,
    notes: input.notes,
  };
  const changes = diffChanges(before, {
    ...values,
    monthlyCostMinor: undefined,
    annualCostMinor: undefined,
  });
  if (Object.keys(changes).length === 0) return;
  const after = await repo.updateSubscription(tx, ctx.orgId, id, { ...values, updatedAt: now });
  if (after!.cancelledOn !== before.cancelledOn)
    await publishEvent(tx, ctx.orgId, 'subscription.cancellation_changed', { subscriptionIds: [id] }, now);
  const priceFields = changedPriceFields(before, after!);
  if (priceFields.length > 0) {
    await repo.insertPriceChanges(tx, [
      {
        organizationId: ctx.orgId,
        subscriptionId: id,
        changedAt: now,
        effectiveDate: today,
        changedBy: actingUserId(ctx),
        source: 'update',
        fields: priceFields,
        previous: priceTerms(before),
        current: priceTerms(after!),
      },
    ]);
  }
  await recordAudit(tx, ctx, {
    action: 'subscription.update',
    entityType: 'subscription',
    entityId: id,
    changes,
  });
}

/** DELETE archives: the application leaves the inventory (and the plan count) but keeps its history. */
export async function archiveSubscription(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, ctx.orgId, id);
    if (!before) throw notFound('Application');
    if (before.archivedAt) return;
    await repo.updateSubscription(tx, ctx.orgId, id, { archivedAt: now, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: 'subscription.archive',
      entityType: 'subscription',
      entityId: id,
      changes: { name: before.name },
    });
  });
}

/** Brings an archived application back; counts against the plan limit again. */
export async function restoreSubscription(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, ctx.orgId, id);
    if (!before) throw notFound('Application');
    if (!before.archivedAt) return;
    await assertAppLimit(tx, ctx.orgId, now);
    await repo.updateSubscription(tx, ctx.orgId, id, { archivedAt: null, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: 'subscription.restore',
      entityType: 'subscription',
      entityId: id,
      changes: { name: before.name },
    });
  });
  return getSubscription(deps, ctx, id);
}
