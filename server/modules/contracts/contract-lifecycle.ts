// Contract changes that move an application's renewal: renewing a contract into its successor and
// letting the application's renewal date, auto-renew flag and notice period follow the live contract.

import { successorTerms } from '../../../common/contract-terms';
import type { Tx } from '../../db/client';
import { diffChanges, recordAudit } from '../audit';
import { type SubscriptionRow, findSubscription, updateSubscription } from '../subscriptions';
import * as repo from './contracts.repo';

export interface Actor {
  orgId: string;
  /** Null when the scheduler acts. */
  userId: string | null;
  now: Date;
}

/**
 * Makes the application follow its newest running contract: renewal date = the contract's end,
 * plus its auto-renew flag and notice period. Answers the changes (empty when nothing moved).
 */
export async function followLiveContract(
  tx: Tx,
  actor: Actor,
  subscriptionId: string,
): Promise<{ before: SubscriptionRow; changes: Record<string, unknown>; renewalDate: string | null } | null> {
  const sub = await findSubscription(tx, actor.orgId, subscriptionId);
  if (!sub) return null;
  const live = await repo.newestLiveContract(tx, actor.orgId, subscriptionId);
  if (!live) return { before: sub, changes: {}, renewalDate: sub.nextRenewalDate };
  const next = {
    nextRenewalDate: live.endDate,
    autoRenew: live.autoRenew,
    noticePeriodDays: live.noticePeriodDays,
  };
  const changes = diffChanges(sub, next);
  if (Object.keys(changes).length > 0) {
    await updateSubscription(tx, actor.orgId, subscriptionId, { ...next, updatedAt: actor.now });
  }
  return { before: sub, changes, renewalDate: live.endDate };
}

/** Same as followLiveContract, recording the change in the application's activity. */
export async function followLiveContractAudited(
  tx: Tx,
  actor: Actor,
  subscriptionId: string,
  contractId: string,
) {
  const result = await followLiveContract(tx, actor, subscriptionId);
  if (result && Object.keys(result.changes).length > 0) {
    await recordAudit(tx, {
      orgId: actor.orgId,
      userId: actor.userId,
      action: 'subscription.update',
      entityType: 'subscription',
      entityId: subscriptionId,
      changes: { ...result.changes, source: { contractId } },
    });
  }
}

/** Creates the successor of a contract and marks the old one renewed. */
export async function renewContractRow(
  tx: Tx,
  actor: Actor,
  old: repo.ContractRow,
  overrides: {
    title?: string;
    startDate?: string;
    endDate?: string;
    totalValueMinor?: number | null;
    notes?: string | null;
  } = {},
) {
  const terms = successorTerms(old, overrides);
  const successor = await repo.insertContract(tx, {
    organizationId: actor.orgId,
    subscriptionId: old.subscriptionId,
    title: overrides.title ?? old.title,
    startDate: terms.startDate,
    endDate: terms.endDate,
    renewalTermMonths: old.renewalTermMonths,
    autoRenew: old.autoRenew,
    noticePeriodDays: old.noticePeriodDays,
    priceIncreaseCapBps: old.priceIncreaseCapBps,
    totalValueMinor:
      overrides.totalValueMinor !== undefined ? overrides.totalValueMinor : old.totalValueMinor,
    currency: old.currency,
    paymentTerms: old.paymentTerms,
    status: 'active',
    replacesContractId: old.id,
    notes: overrides.notes !== undefined ? overrides.notes : null,
    createdBy: actor.userId,
    createdAt: actor.now,
    updatedAt: actor.now,
  });
  await repo.updateContract(tx, actor.orgId, old.id, { status: 'renewed', updatedAt: actor.now });
  await recordAudit(tx, {
    orgId: actor.orgId,
    userId: actor.userId,
    action: 'contract.renew',
    entityType: 'contract',
    entityId: old.id,
    changes: { status: { from: old.status, to: 'renewed' }, successorId: successor.id, ...terms },
  });
  return successor;
}
