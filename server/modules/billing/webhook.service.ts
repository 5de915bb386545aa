import type Stripe from 'stripe';
import { isPlanId, PAID_PLAN_IDS, type PaidPlanId } from '../../../common/plans';
import type { Tx } from '../../db/client';
import type { OrganizationRow, ServiceDeps } from '../../types';
import { systemContext } from '../../lib/acting-context';
import { diffChanges, recordAudit } from '../../lib/audit';
import {
  dueTransition,
  findOrganization,
  findOrganizationByStripeCustomer,
  isTrialActive,
  updateOrganization,
} from '../organizations';
import { claimStripeEvent, linkStripeEvent } from './billing.repo';
import { planOfPrice } from '../../lib/stripe-client';

type OrgPatch = Partial<OrganizationRow>;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const paidPlan = (value: unknown): PaidPlanId | null =>
  isPlanId(value) && (PAID_PLAN_IDS as readonly string[]).includes(value) ? (value as PaidPlanId) : null;

/**
 * Applies one verified Stripe event, exactly once: the event id is claimed in the same
 * transaction as the change, so a replay (or a concurrent duplicate delivery) changes nothing.
 */
export async function handleStripeEvent(deps: ServiceDeps, event: Stripe.Event) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await claimStripeEvent(tx, event, now))) return { received: true, duplicate: true };
    const target = await organizationOf(tx, event);
    if (!target) {
      deps.log.info({ event: event.id, type: event.type }, 'Stripe event matches no organization');
      return { received: true };
    }
    const eventPatch = patchFor(deps, event, target, now);
    if (eventPatch) {
      // The lifecycle step due now (e.g. the trial just ended) is persisted with the event's change.
      const patch = { ...dueTransition(target, now, deps.env.GRACE_DAYS)?.patch, ...eventPatch };
      await updateOrganization(tx, target.id, patch, now);
      await recordAudit(tx, systemContext(target.id, 'billing webhook', now), {
        action: `billing.${event.type}`,
        entityType: 'organization',
        entityId: target.id,
        changes: diffChanges(target, patch),
      });
    }
    await linkStripeEvent(tx, event.id, target.id);
    return { received: true };
  });
}

async function organizationOf(tx: Tx, event: Stripe.Event): Promise<OrganizationRow | null> {
  const object = event.data.object as { metadata?: Stripe.Metadata | null; customer?: unknown };
  const fromReference =
    event.type === 'checkout.session.completed' ? event.data.object.client_reference_id : null;
  const orgId = fromReference ?? object.metadata?.organizationId ?? null;
  if (orgId && /^[0-9a-f-]{36}$/i.test(orgId)) {
    const org = await findOrganization(tx, orgId);
    if (org) return org;
  }
  const customerId = idOf(object.customer as string | { id: string } | null);
  return customerId ? findOrganizationByStripeCustomer(tx, customerId) : null;
}

/** What the event changes on the organization (in its state as of now), or null for nothing. */
function patchFor(deps: ServiceDeps, event: Stripe.Event, row: OrganizationRow, now: Date): OrgPatch | null {
  const org = { ...row, ...dueTransition(row, now, deps.env.GRACE_DAYS)?.patch };
  const inTrial = isTrialActive(org, now);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      const ids = {
        stripeCustomerId: idOf(session.customer),
        stripeSubscriptionId: idOf(session.subscription),
      };
      const plan = paidPlan(session.metadata?.planId);
      if (session.payment_status === 'unpaid' || !plan) return ids;
      // Paid for the plan being trialled: the trial runs on and Stripe charges when it ends.
      if (session.metadata?.deferred === 'true' && inTrial && org.trialPlan === plan) {
        return { ...ids, hasPaymentMethod: true, autoRenewTrial: true };
      }
      return {
        ...ids,
        hasPaymentMethod: true,
        subscriptionPlan: plan,
        accountStatus: 'active',
        graceEndsAt: null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const stale = org.stripeSubscriptionId && org.stripeSubscriptionId !== subscription.id;
      if (stale && event.type === 'customer.subscription.updated') return null;
      const ids = { stripeCustomerId: idOf(subscription.customer), stripeSubscriptionId: subscription.id };
      const plan =
        planOfPrice(deps.env, subscription.items.data[0]?.price?.id) ??
        paidPlan(subscription.metadata?.planId);
      switch (subscription.status) {
        case 'trialing':
          if (inTrial) return { ...ids, autoRenewTrial: !subscription.cancel_at_period_end };
          return plan ? { ...ids, subscriptionPlan: plan, accountStatus: 'active', graceEndsAt: null } : ids;
        case 'active':
          return plan
            ? {
                ...ids,
                hasPaymentMethod: true,
                subscriptionPlan: plan,
                accountStatus: 'active',
                graceEndsAt: null,
              }
            : ids;
        case 'past_due':
          return { ...ids, ...(plan ? { subscriptionPlan: plan } : {}), accountStatus: 'past_due' };
        case 'unpaid':
        case 'paused':
          return { ...ids, accountStatus: 'locked' };
        case 'canceled':
        case 'incomplete_expired':
          return ended(org, subscription.id, inTrial);
        default:
          return ids;
      }
    }
    case 'customer.subscription.deleted':
      return ended(org, event.data.object.id, inTrial);
    case 'invoice.paid':
      return {
        hasPaymentMethod: true,
        ...(org.accountStatus === 'past_due' || org.accountStatus === 'locked'
          ? { accountStatus: 'active' }
          : {}),
      };
    case 'invoice.payment_failed':
      return org.accountStatus === 'active' && org.subscriptionPlan !== 'starter'
        ? { accountStatus: 'past_due' }
        : null;
    default:
      return null;
  }
}

/** A subscription ended: during a trial only auto-renew stops; otherwise back to Starter. */
function ended(org: OrganizationRow, subscriptionId: string, inTrial: boolean): OrgPatch | null {
  if (org.stripeSubscriptionId && org.stripeSubscriptionId !== subscriptionId) return null;
  if (inTrial) return { stripeSubscriptionId: null, autoRenewTrial: false };
  return {
    stripeSubscriptionId: null,
    subscriptionPlan: 'starter',
    accountStatus: 'active',
    graceEndsAt: null,
  };
}
