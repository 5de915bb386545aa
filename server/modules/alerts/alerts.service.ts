import { canUseFeature } from '../../../common/plans';
import type { DbOrTx } from '../../db/client';
import { notifyOnce } from '../notifications';
import { effectivePlanOf, findOrganization } from '../organizations';
import type { Alert } from './alert-rules';
import type { NotificationRow } from '../notifications';
import { queueDeliveries } from './deliveries';
import { listMembersWithModes, loadSettings, type Recipient } from './alert-settings.repo';

type Settings = Awaited<ReturnType<typeof loadSettings>>;

interface OrgContext {
  orgId: string;
  settings: Settings;
  slackAllowed: boolean;
  members: Recipient[];
}

export async function orgContext(db: DbOrTx, orgId: string, now: Date): Promise<OrgContext | null> {
  const org = await findOrganization(db, orgId);
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
export async function raiseFor(
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

/**
 * Who gets the organization's summaries by e-mail (the weekly savings digest): the members whose
 * role receives alert e-mails in Settings → Notifications, less those who turned e-mail off.
 */
export async function summaryRecipients(db: DbOrTx, orgId: string): Promise<Recipient[]> {
  const settings = await loadSettings(db, orgId);
  if (!settings.emailEnabled) return [];
  const members = await listMembersWithModes(db, orgId);
  return members.filter((m) => settings.emailRoles.includes(m.role) && m.emailMode !== 'off');
}
