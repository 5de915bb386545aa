// What happens when a renewal date passes: roll forward (auto-renewing, or decided to renew),
// cancel (decided to cancel) or stay overdue (not auto-renewing and undecided).

import { nextRenewalDate } from '../../../common/billing';
import { isLiveStatus } from '../../../common/live-applications';
import type { Tx } from '../../db/client';
import { collectAuditSteps, recordAudit, withSteps } from '../../lib/audit';
import type { ActingContext } from '../../lib/acting-context';
import { contractEndingOn, followLiveContract, renewContractRow, setContractsStatus } from '../contracts';
import { findDecision, markDecisionSettled, type DecisionRow, type SubscriptionRow } from './renewals.repo';
import { cycleOf } from './renewal-view';
import { findForUpdate, updateSubscription } from '../subscriptions';

/** waiting: not auto-renewing and no decision to renew yet (overdue, or being renegotiated). */
export type SettleOutcome = 'not-due' | 'rolled' | 'cancelled' | 'waiting';

/** Successor contracts at most created in one go (a contract far in the past stops here). */
const MAX_SUCCESSORS = 60;

/** The decision's final word, if any: done keeps what was chosen before it. */
function resolutionOf(decision: DecisionRow | null): 'renew' | 'renegotiate' | 'cancel' | null {
  if (!decision) return null;
  if (decision.status === 'done') return decision.resolution;
  if (decision.status === 'renew' || decision.status === 'renegotiate' || decision.status === 'cancel') {
    return decision.status;
  }
  return null;
}

async function rollForward(tx: Tx, ctx: ActingContext, sub: SubscriptionRow, today: string) {
  const from = sub.nextRenewalDate!;
  let contract = await contractEndingOn(tx, ctx.orgId, sub.id, from);
  if (contract) {
    // The contract behind this renewal renews into successors until one runs past today.
    let created = 0;
    do {
      contract = await renewContractRow(tx, ctx, contract);
      created += 1;
    } while (contract.endDate < today && created < MAX_SUCCESSORS);
    const followed = await followLiveContract(tx, ctx, sub.id);
    return { to: followed?.renewalDate ?? contract.endDate, contractId: contract.id };
  }
  const to = nextRenewalDate({
    startDate: sub.startDate,
    cycle: cycleOf(sub),
    intervalMonths: sub.intervalMonths,
    today,
    autoRenew: true,
    currentRenewalDate: from,
  });
  await updateSubscription(tx, ctx.orgId, sub.id, { nextRenewalDate: to, updatedAt: ctx.now });
  return { to, contractId: null };
}

/**
 * Settles one application whose renewal date lies before `today`. Idempotent: once settled the
 * renewal date is in the future (or the application cancelled), so a second call does nothing.
 */
export async function settleRenewal(
  tx: Tx,
  ctx: ActingContext,
  subscriptionId: string,
  today: string,
): Promise<SettleOutcome> {
  // Locked, so a decision saved while the job runs cannot roll the same renewal twice.
  const sub = await findForUpdate(tx, ctx.orgId, subscriptionId);
  const renewalDate = sub?.nextRenewalDate;
  if (!sub || !renewalDate || renewalDate >= today || sub.archivedAt) return 'not-due';
  if (!isLiveStatus(sub.status)) return 'not-due';
  const decision = await findDecision(tx, ctx.orgId, sub.id, renewalDate);
  const resolution = resolutionOf(decision);

  if (resolution === 'cancel') {
    await updateSubscription(tx, ctx.orgId, sub.id, { status: 'cancelled', updatedAt: ctx.now });
    await setContractsStatus(tx, ctx.orgId, sub.id, ['active', 'renewing'], 'cancelled', ctx.now);
    if (decision) await markDecisionSettled(tx, ctx.orgId, decision.id, { status: 'done', now: ctx.now });
    await recordAudit(tx, ctx, {
      action: 'subscription.cancelled',
      entityType: 'subscription',
      entityId: sub.id,
      changes: { status: { from: sub.status, to: 'cancelled' }, renewalDate },
    });
    return 'cancelled';
  }

  // Auto-renewing applications renew unless cancelled; the others once someone decided to renew.
  const renews = sub.autoRenew || resolution === 'renew' || decision?.status === 'done';
  if (!renews) return 'waiting';

  // One audit row for the renewal: the contract renewals it made are its steps.
  const {
    result: { to, contractId },
    steps,
  } = await collectAuditSteps(ctx, (acting) => rollForward(tx, acting, sub, today));
  if (decision) {
    await markDecisionSettled(tx, ctx.orgId, decision.id, {
      status: decision.status === 'renew' ? 'done' : undefined,
      now: ctx.now,
    });
  }
  await recordAudit(tx, ctx, {
    action: sub.autoRenew ? 'subscription.auto_renewed' : 'subscription.renewed',
    entityType: 'subscription',
    entityId: sub.id,
    changes: withSteps(
      { nextRenewalDate: { from: renewalDate, to }, ...(contractId ? { contractId } : {}) },
      steps,
    ),
  });
  return 'rolled';
}
