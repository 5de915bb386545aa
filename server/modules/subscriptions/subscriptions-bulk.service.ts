import type { z } from 'zod';
import type { bulkUpdateSubscriptionsBody } from '../../../common/contracts/subscriptions';
import { todayInTimeZone } from '../../../common/dates';
import { invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { referenceIssues, uniqueIds } from './references';
import { bulkCancellationDay, bulkTagIds, updateSubscriptionsIn } from './bulk.repo';
import * as repo from './subscriptions.repo';
import { recordAudits } from '../../lib/audit';
import { publishEvent } from '../../lib/events/publish';

type BulkInput = z.output<typeof bulkUpdateSubscriptionsBody>;

/** All ids must be this organization's; otherwise 404 and nothing changes. */
async function loadAll(tx: Parameters<typeof repo.existingSubscriptionIds>[0], orgId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.existingSubscriptionIds(tx, orgId, unique);
  if (rows.length !== unique.length) throw notFound('Application');
  return { unique, rows };
}

/** Sets owner, category, tags, status or department on many applications in one statement. */
export async function bulkUpdate(deps: ServiceDeps, ctx: RequestContext, input: BulkInput) {
  const now = deps.clock.now();
  const set = input.set;
  return deps.db.transaction(async (tx) => {
    const { unique } = await loadAll(tx, ctx.orgId, input.ids);
    const issues = await referenceIssues(tx, ctx.orgId, set);
    if (issues.length > 0) throw invalidFields(issues);
    const tagExpression = bulkTagIds(
      uniqueIds(set.tagIds),
      uniqueIds(set.addTagIds) ?? [],
      uniqueIds(set.removeTagIds) ?? [],
    );
    const values = {
      ownerUserId: set.ownerUserId,
      categoryId: set.categoryId,
      status: set.status,
      ...(set.status ? { cancelledOn: bulkCancellationDay(set.status, todayInTimeZone(now)) } : {}),
      department: set.department,
      ...(tagExpression ? { tagIds: tagExpression } : {}),
      updatedAt: now,
    };
    const updated = await updateSubscriptionsIn(tx, ctx.orgId, unique, values);
    // Cheaper than comparing each day: a status change may have set or cleared cancellation dates.
    if (set.status && updated.length > 0) {
      const subscriptionIds = updated.map((r) => r.id);
      await publishEvent(tx, ctx.orgId, 'subscription.cancellation_changed', { subscriptionIds }, now);
    }
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    await recordAudits(
      tx,
      ctx,
      updated.map((row) => ({
        action: 'subscription.bulk_update',
        entityType: 'subscription',
        entityId: row.id,
        changes,
      })),
    );
    return { updated: updated.length };
  });
}

/** Archives many applications at once (already archived ones are left as they are). */
export async function bulkArchive(deps: ServiceDeps, ctx: RequestContext, ids: string[]) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { rows } = await loadAll(tx, ctx.orgId, ids);
    const live = rows.filter((r) => !r.archivedAt).map((r) => r.id);
    if (live.length === 0) return { updated: 0 };
    await updateSubscriptionsIn(tx, ctx.orgId, live, { archivedAt: now, updatedAt: now });
    await recordAudits(
      tx,
      ctx,
      live.map((id) => ({
        action: 'subscription.archive',
        entityType: 'subscription',
        entityId: id,
        changes: { bulk: true },
      })),
    );
    return { updated: live.length };
  });
}
