// What each channel sends for a notification: e-mail text, Slack message, webhook JSON.

import { createHmac } from 'node:crypto';
import { actionMail, type RenderedMail } from '../../email/templates';
import { plural } from '../../../common/wording';

export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  priority: string;
  subscriptionId: string | null;
  subscriptionName: string | null;
  actionUrl: string | null;
  actionText: string | null;
  createdAt: Date;
}

/** Links in notifications are app paths; channels outside the app need them absolute. */
export const absoluteUrl = (appUrl: string, path: string | null) =>
  new URL(path ?? '/app', appUrl).toString();

/** The notification types that remind of a renewal (alert-rules.ts `renewalAlerts`). */
const RENEWAL_ALERT_TYPES = new Set(['due-soon', 'overdue', 'auto-renewal']);

/** A renewal reminder also links the application's negotiation pack: what to take into the talks. */
export function negotiationPackPath(n: Pick<NotificationView, 'type' | 'subscriptionId'>): string | null {
  return n.subscriptionId && RENEWAL_ALERT_TYPES.has(n.type)
    ? `/app/renewals/${n.subscriptionId}/pack`
    : null;
}

export function alertMail(n: NotificationView, appUrl: string, firstName: string): RenderedMail {
  const pack = negotiationPackPath(n);
  return actionMail({
    subject: `[Stackwise] ${n.title}`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [n.message, `Priority: ${n.priority}.`],
    actionText: n.actionText ?? 'Open Stackwise',
    actionUrl: absoluteUrl(appUrl, n.actionUrl),
    links: pack ? [{ text: 'Negotiation pack', url: absoluteUrl(appUrl, pack) }] : [],
    footer: '— Stackwise alerts. Choose immediate e-mails or a daily digest in Settings → Notifications.',
  });
}

export function digestMail(items: NotificationView[], appUrl: string, firstName: string): RenderedMail {
  const count = items.length;
  const sorted = [...items].sort((a, b) => rank(a.priority) - rank(b.priority));
  return actionMail({
    subject: `[Stackwise] Daily digest: ${plural(count, 'alert')}`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Here ${count === 1 ? 'is the alert' : `are the ${count} alerts`} since your last digest:`,
      ...sorted.map((n) => `• [${n.priority}] ${n.title} — ${n.message} ${absoluteUrl(appUrl, n.actionUrl)}`),
    ],
    actionText: 'Open your notifications',
    actionUrl: absoluteUrl(appUrl, '/app/notifications'),
    footer: '— Stackwise alerts. Switch to immediate e-mails in Settings → Notifications.',
  });
}

const rank = (priority: string) => (priority === 'high' ? 0 : priority === 'medium' ? 1 : 2);

// Slack mrkdwn needs &, < and > escaped.
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const PRIORITY_EMOJI: Record<string, string> = {
  high: ':red_circle:',
  medium: ':large_orange_circle:',
  low: ':white_circle:',
};

/** An incoming-webhook message: `text` for notifications and fallbacks, `blocks` for the layout. */
export function slackMessage(n: NotificationView, appUrl: string) {
  const url = absoluteUrl(appUrl, n.actionUrl);
  const link = `<${url}|${slackEscape(n.actionText ?? 'Open in Stackwise')}>`;
  return {
    text: `${n.title}: ${n.message}`,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${slackEscape(n.title)}*\n${slackEscape(n.message)}\n${link}` },
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `${PRIORITY_EMOJI[n.priority] ?? ''} ${slackEscape(n.priority)} priority · ${slackEscape(n.type)}${
              n.subscriptionName ? ` · ${slackEscape(n.subscriptionName)}` : ''
            } · Stackwise`,
          },
        ],
      },
    ],
  };
}

export function webhookBody(
  event: 'notification.created' | 'test',
  n: NotificationView,
  org: { id: string; name: string },
  appUrl: string,
) {
  return {
    event,
    organization: { id: org.id, name: org.name },
    notification: {
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      priority: n.priority,
      subscriptionId: n.subscriptionId,
      subscriptionName: n.subscriptionName,
      actionUrl: n.actionUrl ? absoluteUrl(appUrl, n.actionUrl) : null,
      actionText: n.actionText,
      createdAt: n.createdAt.toISOString(),
    },
  };
}

/** `sha256=<hex HMAC-SHA256 of the exact body>` with the organization's webhook secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function webhookHeaders(secret: string, body: string, deliveryId: string, event: string, now: Date) {
  return {
    'content-type': 'application/json',
    'user-agent': 'Stackwise-Webhooks/1.0',
    'x-stackwise-event': event,
    'x-stackwise-delivery': deliveryId,
    'x-stackwise-timestamp': String(Math.floor(now.getTime() / 1000)),
    'x-stackwise-signature': signBody(secret, body),
  };
}
