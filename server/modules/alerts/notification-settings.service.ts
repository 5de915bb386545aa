import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { DEFAULT_EMAIL_MODE, type TestChannel } from '../../../common/alerts';
import type { updateNotificationSettingsBody } from '../../../common/contracts/notification-settings';
import { canUseFeature, PLANS } from '../../../common/plans';
import { AppError, badRequest } from '../../errors';
import { assertPublicUrl, BlockedUrlError, guardedPost } from '../../lib/safe-http';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { notifyOnce } from '../notifications';
import { effectivePlanOf, markSetupStep } from '../organizations';
import * as repo from './alert-settings.repo';
import {
  alertMail,
  slackMessage,
  webhookBody,
  webhookHeaders,
  type NotificationView,
} from './channel-payloads';
import { describeError } from './deliveries';

type Settings = Awaited<ReturnType<typeof repo.loadSettings>>;

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
const hintOf = (secret: string | null) => (secret ? `…${secret.slice(-4)}` : null);

/** The settings as the page shows them; `secret` is the stored signing secret (only its hint is shown), `generated` a new one, shown once. */
function present(settings: Settings, secret: string | null, generated?: string) {
  return {
    rules: settings.rules,
    channels: {
      inApp: { enabled: true },
      email: {
        enabled: settings.emailEnabled,
        roles: settings.emailRoles,
        applicationOwner: settings.emailApplicationOwner,
      },
      slack: { enabled: settings.slackEnabled, webhookUrl: settings.slackWebhookUrl },
      webhook: {
        enabled: settings.webhookEnabled,
        url: settings.webhookUrl,
        secretHint: hintOf(generated ?? secret),
      },
    },
    configured: settings.configured,
    updatedAt: settings.configured ? settings.updatedAt : null,
    ...(generated ? { webhookSecret: generated } : {}),
  };
}

export async function getSettings(deps: ServiceDeps, ctx: RequestContext) {
  const settings = await repo.loadSettings(deps.db, ctx.orgId);
  const secret = settings.hasWebhookSecret
    ? await repo.webhookSecretOf(deps.db, deps.secrets, ctx.orgId)
    : null;
  return present(settings, secret);
}

/** A URL an alert may be sent to; answers a 400 naming the field otherwise. */
async function checkUrl(deps: ServiceDeps, url: string | null, field: string) {
  if (!url) return;
  try {
    await assertPublicUrl(url, { allowPrivate: deps.env.WEBHOOK_ALLOW_PRIVATE });
  } catch (error) {
    const message = error instanceof BlockedUrlError ? error.message : 'This URL cannot be used.';
    throw new AppError('validation_error', message, { fields: [{ field, message }] });
  }
}

export async function updateSettings(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.output<typeof updateNotificationSettingsBody>,
) {
  const { rules, channels } = input;
  const plan = effectivePlanOf(ctx.org, deps.clock.now());
  if (channels.slack.enabled && !canUseFeature(plan, 'slack')) {
    throw new AppError('plan_required', `Slack alerts need the ${PLANS.pro.name} plan.`, {
      requiredPlan: 'pro',
    });
  }
  await checkUrl(deps, channels.slack.webhookUrl, 'channels.slack.webhookUrl');
  await checkUrl(deps, channels.webhook.url, 'channels.webhook.url');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await repo.loadSettings(tx, ctx.orgId);
    // The signing secret is created with the first webhook URL and shown in this answer only.
    const generated = channels.webhook.url && !before.hasWebhookSecret ? newSecret() : undefined;
    const values = {
      rules,
      emailEnabled: channels.email.enabled,
      emailRoles: channels.email.roles,
      emailApplicationOwner: channels.email.applicationOwner,
      slackEnabled: channels.slack.enabled,
      slackWebhookUrl: channels.slack.webhookUrl,
      webhookEnabled: channels.webhook.enabled,
      webhookUrl: channels.webhook.url,
      // Undefined keeps the stored secret.
      webhookSecret: generated,
    };
    const saved = await repo.saveSettings(tx, deps.secrets, {
      organizationId: ctx.orgId,
      ...values,
      createdAt: now,
      updatedAt: now,
    });
    // Secrets stay out of the audit log: the Slack URL is a credential too.
    const { webhookSecret: _secret, slackWebhookUrl, ...audited } = values;
    const { hasWebhookSecret: _old, slackWebhookUrl: previousSlackUrl, ...previous } = before;
    await recordAudit(tx, ctx, {
      action: 'notification_settings.update',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: {
        ...diffChanges(previous, audited),
        ...(slackWebhookUrl !== previousSlackUrl ? { slackWebhookUrl: 'changed' } : {}),
        ...(generated ? { webhookSecret: 'generated' } : {}),
      },
    });
    await markSetupStep(tx, ctx.orgId, 'configureAlerts', now);
    const stored =
      !generated && saved.hasWebhookSecret ? await repo.webhookSecretOf(tx, deps.secrets, ctx.orgId) : null;
    return present({ ...saved, configured: true }, stored, generated);
  });
}

export async function rotateWebhookSecret(deps: ServiceDeps, ctx: RequestContext) {
  const secret = newSecret();
  await deps.db.transaction(async (tx) => {
    const updated = await repo.setWebhookSecret(tx, deps.secrets, ctx.orgId, secret, deps.clock.now());
    if (!updated) throw badRequest('Save the notification settings with a webhook URL first.');
    await recordAudit(tx, ctx, {
      action: 'notification_settings.rotate_secret',
      entityType: 'organization',
      entityId: ctx.orgId,
    });
  });
  return { webhookSecret: secret, secretHint: hintOf(secret)! };
}

export async function getPreference(deps: ServiceDeps, ctx: RequestContext) {
  const row = await repo.getPreference(deps.db, ctx.orgId, ctx.userId);
  return { emailMode: row?.emailMode ?? DEFAULT_EMAIL_MODE, configured: row !== null };
}

export async function updatePreference(
  deps: ServiceDeps,
  ctx: RequestContext,
  emailMode: 'immediate' | 'digest' | 'off',
) {
  const row = await repo.savePreference(deps.db, ctx.orgId, ctx.userId, emailMode, deps.clock.now());
  return { emailMode: row.emailMode, configured: true };
}

function testView(deps: ServiceDeps): NotificationView {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    type: 'other',
    title: 'Test alert from Stackwise',
    message: 'This is a test. Renewal reminders and other alerts will arrive here.',
    priority: 'low',
    subscriptionId: null,
    subscriptionName: null,
    actionUrl: '/app/settings/notifications',
    actionText: 'Open notification settings',
    createdAt: deps.clock.now(),
  };
}

/** Sends a test message over one channel with the saved settings, and says how it went. */
export async function sendTest(
  deps: ServiceDeps,
  ctx: RequestContext,
  channel: TestChannel,
  userEmail: string,
  firstName: string,
) {
  const settings = await repo.loadSettings(deps.db, ctx.orgId);
  const view = testView(deps);
  if (channel === 'in-app') {
    const { id: _id, subscriptionName: _name, createdAt, ...values } = view;
    await notifyOnce(deps.db, { organizationId: ctx.orgId, ...values, dedupeKey: null }, createdAt);
    return { ok: true, message: 'A test notification was added to the bell.', responseStatus: null };
  }
  if (channel === 'email') {
    await deps.mailer.send({
      to: userEmail,
      ...alertMail(view, deps.env.APP_URL, firstName),
      organizationId: ctx.orgId,
    });
    return { ok: true, message: `A test e-mail was sent to ${userEmail}.`, responseStatus: null };
  }
  const allowPrivate = deps.env.WEBHOOK_ALLOW_PRIVATE;
  let url: string | null;
  let body: string;
  let headers: Record<string, string>;
  if (channel === 'slack') {
    if (!canUseFeature(effectivePlanOf(ctx.org, deps.clock.now()), 'slack')) {
      throw new AppError('plan_required', `Slack alerts need the ${PLANS.pro.name} plan.`, {
        requiredPlan: 'pro',
      });
    }
    url = settings.slackWebhookUrl;
    body = JSON.stringify(slackMessage(view, deps.env.APP_URL));
    headers = { 'content-type': 'application/json' };
  } else {
    url = settings.webhookUrl;
    const secret = await repo.webhookSecretOf(deps.db, deps.secrets, ctx.orgId);
    if (!url || !secret) throw badRequest('Save a webhook URL first.');
    body = JSON.stringify(webhookBody('test', view, { id: ctx.orgId, name: ctx.org.name }, deps.env.APP_URL));
    headers = webhookHeaders(secret, body, 'test', 'test', deps.clock.now());
  }
  if (!url) throw badRequest('Save the Slack webhook URL first.');
  try {
    const result = await guardedPost(url, body, headers, { allowPrivate });
    const ok = result.status >= 200 && result.status < 300;
    return {
      ok,
      message: ok ? `Delivered (HTTP ${result.status}).` : `The receiver answered HTTP ${result.status}.`,
      responseStatus: result.status,
    };
  } catch (error) {
    if (error instanceof BlockedUrlError) throw badRequest(error.message);
    return { ok: false, message: `Could not deliver: ${describeError(error)}`, responseStatus: null };
  }
}
