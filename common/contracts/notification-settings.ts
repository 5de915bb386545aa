import { z } from 'zod';
import { alertRulesResponse, alertRulesSchema, EMAIL_MODES, TEST_CHANNELS } from '../alerts';
import { ROLES } from '../roles';
import { instant, type Wire } from './wire';

const webUrl = z
  .string()
  .trim()
  .max(2000)
  .url('Enter a full URL, e.g. https://hooks.example.com/stackwise')
  .refine((u) => /^https?:\/\//i.test(u), 'Use an http:// or https:// URL');

export const notificationChannelsInput = z
  .object({
    email: z.object({
      enabled: z.boolean(),
      /** Members with these roles get every alert; the application's owner gets its own. */
      roles: z.array(z.enum(ROLES)).max(ROLES.length),
      applicationOwner: z.boolean(),
    }),
    slack: z.object({ enabled: z.boolean(), webhookUrl: webUrl.nullable() }),
    webhook: z.object({ enabled: z.boolean(), url: webUrl.nullable() }),
  })
  .refine((c) => !c.slack.enabled || c.slack.webhookUrl, {
    message: 'Enter the Slack webhook URL',
    path: ['slack', 'webhookUrl'],
  })
  .refine((c) => !c.webhook.enabled || c.webhook.url, {
    message: 'Enter the webhook URL',
    path: ['webhook', 'url'],
  });

export const updateNotificationSettingsBody = z.object({
  rules: alertRulesSchema,
  channels: notificationChannelsInput,
});
export type UpdateNotificationSettingsInput = z.input<typeof updateNotificationSettingsBody>;

export const notificationSettingsResponse = z.object({
  rules: alertRulesResponse,
  channels: z.object({
    inApp: z.object({ enabled: z.boolean() }),
    email: z.object({ enabled: z.boolean(), roles: z.array(z.enum(ROLES)), applicationOwner: z.boolean() }),
    slack: z.object({ enabled: z.boolean(), webhookUrl: z.string().nullable() }),
    webhook: z.object({
      enabled: z.boolean(),
      url: z.string().nullable(),
      /** Last characters of the signing secret, to tell secrets apart; the secret itself is shown once. */
      secretHint: z.string().nullable(),
    }),
  }),
  /** False until someone saves the settings (the defaults apply until then). */
  configured: z.boolean(),
  updatedAt: instant.nullable(),
  /** Only in the answer that generated it. */
  webhookSecret: z.string().optional(),
});
export type NotificationSettings = Wire<typeof notificationSettingsResponse>;

export const webhookSecretResponse = z.object({ webhookSecret: z.string(), secretHint: z.string() });

export const notificationPreferenceBody = z.object({ emailMode: z.enum(EMAIL_MODES) });
export const notificationPreferenceResponse = z.object({
  emailMode: z.enum(EMAIL_MODES),
  /** False while the member uses the default. */
  configured: z.boolean(),
});
export type NotificationPreference = Wire<typeof notificationPreferenceResponse>;

export const testNotificationBody = z.object({ channel: z.enum(TEST_CHANNELS) });
export const testNotificationResponse = z.object({
  ok: z.boolean(),
  message: z.string(),
  responseStatus: z.number().nullable(),
});
export type TestNotificationResult = Wire<typeof testNotificationResponse>;
