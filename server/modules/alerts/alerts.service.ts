import { eq } from 'drizzle-orm';
import { canUseFeature } from '../../../common/plans';
import { addDays } from '../../../common/dates';
import { organizations } from '../../db/schema';
import type { ServiceDeps } from '../../types';
import { listContracts } from '../contracts/contracts.repo';
import { notifyOnce } from '../notifications/notifications.service';
import { effectivePlanOf } from '../organizations/plan-state';
import { annualCostOf, cycleCostOf } from '../renewals/renewal-view';
import { findSubscription, listRenewalRows } from '../renewals/renewals.repo';
import { contractAlerts, costAlert, renewalAlerts, type Alert } from './alert-rules';
import { listMembersWithModes, loadSettings, type Recipient } from './alert-settings.repo';
import { dispatchDeliveries, queueDeliveries, type NotificationRow } from './deliveries';
import { sendDigests } from './digest';

type Settings = Awaited<ReturnType<typeof loadSettings>>;

interface OrgContext {
  orgId: string;
  settings: Settings;
  slackAllowed: boolean;
  members: Recipient[];
}

async function orgContext(deps: ServiceDeps, orgId: string): Promise<OrgContext | null> {
  const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, orgId));
  if (!org) return null;
  const settings = await loadSettings(deps.db, orgId);
  return {
    orgId,
    settings,
    slackAllowed: canUseFeature(effectivePlanOf(org, deps.clock.now()), 'slack'),
    members: await listMembersWithModes(deps.db, orgId),
  };
}

function recipientsFor(ctx: OrgContext, alert: Alert): Recipient[] {
  const { settings } = ctx;
  if (!settings.emailEnabled) return [];
  return ctx.members.filter(
    (m) =>
      settings.emailRoles.includes(m.role) ||
      (settings.emailApplicationOwner && alert.ownerUserId !== null && m.userId === alert.ownerUserId),
  );
}

/**
 * Creates each alert's notification once (its dedupe key) and, in the same transaction, queues its
 * deliveries to the organization's channels. Answers the notifications created now.
 */
async function raiseAlerts(deps: ServiceDeps, ctx: OrgContext, alerts: Alert[]): Promise<NotificationRow[]> {
  const created: NotificationRow[] = [];
  const now = deps.clock.now();
  const { settings } = ctx;
  for (const alert of alerts) {
    const row = await deps.db.transaction(async (tx) => {
      const { ownerUserId: _owner, ...values } = alert;
      const notification = await notifyOnce(tx, { organizationId: ctx.orgId, ...values }, now);
      if (!notification) return null;
      await queueDeliveries(
        tx,
        notification,
        {
          emailRecipients: recipientsFor(ctx, alert),
          slackUrl: settings.slackEnabled && ctx.slackAllowed ? settings.slackWebhookUrl : null,
          webhookUrl: settings.webhookEnabled ? settings.webhookUrl : null,
        },
        now,
      );
      return notification;
    });
    if (row) created.push(row);
  }
  return created;
}

/** The daily alert run for one organization on `date`. */
export async function runAlerts(deps: ServiceDeps, orgId: string, date: string) {
  const ctx = await orgContext(deps, orgId);
  if (!ctx) return [];
  const { rules } = ctx.settings;
  const rows = await listRenewalRows(deps.db, orgId, {});
  const longest = Math.max(0, ...rules.contractExpiry.offsets);
  const ending = (
    await listContracts(deps.db, orgId, { ending: { from: date, until: addDays(date, longest) } })
  ).filter((r) => !r.contract.autoRenew);
  const expiring = new Set(ending.map((r) => `${r.contract.subscriptionId}:${r.contract.endDate}`));
  const owners = new Map(rows.map((r) => [r.subscription.id, r.subscription.ownerUserId]));

  const alerts: Alert[] = [];
  for (const { subscription: sub, decision } of rows) {
    alerts.push(
      ...renewalAlerts(
        {
          id: sub.id,
          name: sub.name,
          ownerUserId: sub.ownerUserId,
          renewalDate: sub.nextRenewalDate!,
          autoRenew: sub.autoRenew,
          noticePeriodDays: sub.noticePeriodDays,
          currency: sub.currency,
          annualCostMinor: annualCostOf(sub),
          cycleCostMinor: cycleCostOf(sub),
          decision: decision?.status ?? null,
          contractEndsOnRenewal:
            rules.contractExpiry.enabled && expiring.has(`${sub.id}:${sub.nextRenewalDate}`),
        },
        rules,
        date,
      ),
    );
  }
  for (const { contract, subscriptionName } of ending) {
    alerts.push(
      ...contractAlerts(
        {
          id: contract.id,
          title: contract.title,
          endDate: contract.endDate,
          noticePeriodDays: contract.noticePeriodDays,
          subscriptionId: contract.subscriptionId,
          subscriptionName,
          ownerUserId: owners.get(contract.subscriptionId) ?? null,
        },
        rules,
        date,
      ),
    );
  }
  const created = await raiseAlerts(deps, ctx, alerts);
  await dispatchDeliveries(deps, { orgId });
  await sendDigests(deps, orgId);
  return created;
}

export interface CostAlertInput {
  subscriptionId: string;
  expectedMinor: number;
  actualMinor: number;
  expenseId: string;
}

/**
 * For the expenses feature: raises a cost alert (once per expense) when a charge exceeds what the
 * application should cost by more than the organization's threshold. Answers the notification, or
 * null when none was due or it was raised before.
 */
export async function raiseCostAlert(deps: ServiceDeps, orgId: string, input: CostAlertInput) {
  const ctx = await orgContext(deps, orgId);
  if (!ctx) return null;
  const sub = await findSubscription(deps.db, orgId, input.subscriptionId);
  if (!sub) return null;
  const alert = costAlert(
    { ...input, name: sub.name, ownerUserId: sub.ownerUserId, currency: sub.currency },
    ctx.settings.rules,
  );
  if (!alert) return null;
  const [created] = await raiseAlerts(deps, ctx, [alert]);
  if (created) await dispatchDeliveries(deps, { orgId });
  return created ?? null;
}
