// Delivery of notifications to e-mail, Slack and webhooks. Rows are queued in the transaction that
// creates the notification, so none is lost; each send first claims its row with a conditional
// update, so two servers never send the same delivery; failures retry with exponential back-off.

import type { Tx } from '../../db/client';
import { guardedPost } from '../../lib/safe-http';
import type { ServiceDeps } from '../../types';
import { loadNotificationViews, type NotificationRow } from '../notifications';
import { findOrganization, findUserById } from '../organizations';
import { webhookSecretOf, type Recipient } from './alert-settings.repo';
import {
  claimDelivery,
  dueDeliveries,
  insertDeliveries,
  updateDelivery,
  type DeliveryRow,
  type NewDeliveryRow,
} from './deliveries.repo';
import {
  alertMail,
  slackMessage,
  webhookBody,
  webhookHeaders,
  type NotificationView,
} from './channel-payloads';

export const MAX_ATTEMPTS = 6;
/** 1, 2, 4, 8, 16 minutes … at most 6 hours between attempts. */
export const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3_600_000);
/** How long a claimed delivery stays with its sender before another process may take it over. */
const LEASE_MS = 5 * 60_000;

export interface ChannelPlan {
  emailRecipients: Recipient[];
  slackUrl: string | null;
  webhookUrl: string | null;
}

/** Queues the deliveries of a new notification (inside its transaction). */
export async function queueDeliveries(tx: Tx, notification: NotificationRow, plan: ChannelPlan, now: Date) {
  const rows: NewDeliveryRow[] = [];
  const base = {
    organizationId: notification.organizationId,
    notificationId: notification.id,
    nextAttemptAt: now,
    createdAt: now,
  };
  for (const r of plan.emailRecipients) {
    if (r.emailMode === 'off') continue;
    rows.push({
      ...base,
      channel: r.emailMode === 'digest' ? 'digest' : 'email',
      userId: r.userId,
      target: r.email,
    });
  }
  if (plan.slackUrl) rows.push({ ...base, channel: 'slack', target: plan.slackUrl });
  if (plan.webhookUrl) rows.push({ ...base, channel: 'webhook', target: plan.webhookUrl });
  await insertDeliveries(tx, rows);
}

/** Takes a due delivery for this process; null when another process got it first. */
async function claim(deps: ServiceDeps, row: DeliveryRow): Promise<DeliveryRow | null> {
  const now = deps.clock.now();
  return claimDelivery(deps.db, row, now, new Date(now.getTime() + LEASE_MS));
}

interface SendResult {
  ok: boolean;
  status: number | null;
  error?: string;
  /** Retrying cannot help (e.g. the URL is refused by the SSRF guard). */
  permanent?: boolean;
}

export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function send(deps: ServiceDeps, delivery: DeliveryRow, view: NotificationView): Promise<SendResult> {
  const allowPrivate = deps.env.WEBHOOK_ALLOW_PRIVATE;
  try {
    if (delivery.channel === 'email') {
      const user = delivery.userId ? await findUserById(deps.db, delivery.userId) : null;
      await deps.mailer.send({
        to: delivery.target,
        ...alertMail(view, deps.env.APP_URL, user?.firstName ?? ''),
        organizationId: delivery.organizationId,
      });
      return { ok: true, status: null };
    }
    if (delivery.channel === 'slack') {
      const body = JSON.stringify(slackMessage(view, deps.env.APP_URL));
      const result = await guardedPost(
        delivery.target,
        body,
        { 'content-type': 'application/json' },
        { allowPrivate },
      );
      return {
        ok: result.status >= 200 && result.status < 300,
        status: result.status,
        error: result.body.slice(0, 500),
      };
    }
    if (delivery.channel === 'webhook') {
      const secret = await webhookSecretOf(deps.db, deps.secrets, delivery.organizationId);
      if (!secret) return { ok: false, status: null, error: 'No webhook secret', permanent: true };
      const row = await findOrganization(deps.db, delivery.organizationId);
      const org = { id: delivery.organizationId, name: row?.name ?? '' };
      const body = JSON.stringify(webhookBody('notification.created', view, org, deps.env.APP_URL));
      const headers = webhookHeaders(secret, body, delivery.id, 'notification.created', deps.clock.now());
      const result = await guardedPost(delivery.target, body, headers, { allowPrivate });
      return {
        ok: result.status >= 200 && result.status < 300,
        status: result.status,
        error: result.body.slice(0, 500),
      };
    }
    return { ok: false, status: null, error: `Unknown channel ${delivery.channel}`, permanent: true };
  } catch (error) {
    const blocked = error instanceof Error && error.name === 'BlockedUrlError';
    return { ok: false, status: null, error: describeError(error), permanent: blocked };
  }
}

async function record(deps: ServiceDeps, delivery: DeliveryRow, result: SendResult) {
  const now = deps.clock.now();
  if (result.ok) {
    await updateDelivery(deps.db, delivery.id, {
      status: 'sent',
      sentAt: now,
      responseStatus: result.status,
      lastError: null,
    });
    return;
  }
  const dead = result.permanent || delivery.attempts >= MAX_ATTEMPTS;
  await updateDelivery(deps.db, delivery.id, {
    status: dead ? 'dead' : 'failed',
    responseStatus: result.status,
    lastError: (result.error || `HTTP ${result.status}`).slice(0, 1000),
    nextAttemptAt: new Date(now.getTime() + backoffMs(delivery.attempts)),
  });
  deps.log.warn(
    {
      deliveryId: delivery.id,
      channel: delivery.channel,
      attempts: delivery.attempts,
      status: result.status,
    },
    dead ? 'Alert delivery gave up' : 'Alert delivery failed; will retry',
  );
}

/**
 * Sends every due e-mail, Slack and webhook delivery (of one organization, or all): new ones, failed
 * ones whose back-off has passed, and ones a crashed process left claimed. Digests wait for the
 * daily job. Answers how many this process attempted.
 */
export async function dispatchDeliveries(
  deps: ServiceDeps,
  options: { orgId?: string; limit?: number } = {},
) {
  const now = deps.clock.now();
  const due = await dueDeliveries(deps.db, now, { orgId: options.orgId, limit: options.limit ?? 100 });
  const views = await loadNotificationViews(deps.db, [...new Set(due.map((d) => d.notificationId))]);
  let attempted = 0;
  for (const row of due) {
    const delivery = await claim(deps, row);
    if (!delivery) continue;
    attempted += 1;
    const view = views.get(delivery.notificationId);
    const result: SendResult = view
      ? await send(deps, delivery, view)
      : { ok: false, status: null, error: 'Notification is gone', permanent: true };
    await record(deps, delivery, result);
  }
  return attempted;
}
