import { eq } from 'drizzle-orm';
import { canUseFeature } from '../../../common/plans';
import { addDays } from '../../../common/dates';
import { organizations } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { ServiceDeps } from '../../types';
import { listContracts } from '../contracts/contracts.repo';
import { notifyOnce } from '../notifications/notifications.service';
import { effectivePlanOf } from '../organizations/plan-state';
import { annualCostOf, cycleCostOf } from '../renewals/renewal-view';
import { listRenewalRows } from '../renewals/renewals.repo';
import { contractAlerts, renewalAlerts, type Alert } from './alert-rules';
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

async function orgContext(db: DbOrTx, orgId: string, now: Date): Promise<OrgContext | null> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  if (!org) return null;
  const settings = await loadSettings(db, orgId);
  return {
    orgId,
    settings,
    slackAllowed: canUseFeature(effectivePlanOf(org, now), 'slack'),
    members: await listMembersWithModes(db, orgId),
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
async function raiseFor(
  db: DbOrTx,
  now: Date,
  ctx: OrgContext,
  alerts: Alert[],
): Promise<NotificationRow[]> {
  const created: NotificationRow[] = [];
  const { settings } = ctx;
  for (const alert of alerts) {
    const row = await db.transaction(async (tx) => {
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

/**
 * The one way every feature raises an alert (renewals, contracts, cost and budget alerts): in-app
 * notification plus e-mail, Slack and webhook deliveries per the organization's settings. Works
 * inside the caller's transaction; queued deliveries go out on the scheduler's next tick, or at
 * once when the caller runs dispatchDeliveries after committing.
 */
export async function raiseAlerts(db: DbOrTx, now: Date, orgId: string, alerts: Alert[]) {
  if (alerts.length === 0) return [];
  const ctx = await orgContext(db, orgId, now);
  return ctx ? raiseFor(db, now, ctx, alerts) : [];
}

/** The organization's alert rules (defaults until it saves its own). */
export async function alertRulesOf(db: DbOrTx, orgId: string) {
  return (await loadSettings(db, orgId)).rules;
}

/** The daily alert run for one organization on `date`. */
export async function runAlerts(deps: ServiceDeps, orgId: string, date: string) {
  const ctx = await orgContext(deps.db, orgId, deps.clock.now());
  if (!ctx) return [];
  const { rules } = ctx.settings;
  const rows = await listRenewalRows(deps.db, orgId, {});
  const longest = Math.max(0, ...rules.contractExpiry.offsets);
  const ending = (
    await listContracts(deps.db, orgId, { ending: { from: date, until: addDays(date, longest) } })
  ).filter((r) => !r.contract.autoRenew);
  const expiring = new Set(ending.map((r) => `${r.contract.subscriptionId}:${r.contract.endDate}`));
  const apps = new Map(rows.map((r) => [r.subscription.id, r.subscription]));

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
    const app = apps.get(contract.subscriptionId);
    alerts.push(
      ...contractAlerts(
        {
          id: contract.id,
          title: contract.title,
          endDate: contract.endDate,
          noticePeriodDays: contract.noticePeriodDays,
          subscriptionId: contract.subscriptionId,
          subscriptionName,
          ownerUserId: app?.ownerUserId ?? null,
          // The application's yearly cost; a contract on an application that no longer renews
          // (paused, cancelled) weighs its own total value.
          annualCostMinor: app ? annualCostOf(app) : (contract.totalValueMinor ?? 0),
          currency: app?.currency ?? contract.currency,
        },
        rules,
        date,
      ),
    );
  }
  const created = await raiseFor(deps.db, deps.clock.now(), ctx, alerts);
  await dispatchDeliveries(deps, { orgId });
  await sendDigests(deps, orgId);
  return created;
}
