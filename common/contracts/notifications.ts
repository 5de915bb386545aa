import { z } from 'zod';
import { instant, type Wire } from './wire';

export const NOTIFICATION_TYPES = [
  'overdue',
  'due-soon',
  'auto-renewal',
  'contract-expiry',
  'cost-alert',
  'budget-alert',
  'renewal',
  'other',
] as const;
export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;

export const notificationResponse = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  priority: z.string(),
  subscriptionId: z.string().nullable(),
  subscriptionName: z.string().nullable(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  createdAt: instant,
  dismissedAt: instant.nullable(),
});
export type Notification = Wire<typeof notificationResponse>;

export const notificationListQuery = z.object({
  status: z.enum(['active', 'dismissed', 'all']).default('active'),
  type: z.enum(NOTIFICATION_TYPES).optional(),
  priority: z.enum(NOTIFICATION_PRIORITIES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** The most notifications one bulk dismissal names. */
export const MAX_BULK_DISMISS = 500;

/** POST /api/notifications/dismiss: the selected notifications, or every active one of a type. */
export const dismissNotificationsBody = z
  .object({
    ids: z
      .array(z.uuid('Invalid notification id'))
      .min(1, 'Select at least one notification')
      .max(MAX_BULK_DISMISS)
      .optional(),
    type: z.enum(NOTIFICATION_TYPES).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.type === undefined), {
    message: 'Give either the ids of the notifications to dismiss or their type',
    path: ['ids'],
  });
export type DismissNotificationsBody = z.infer<typeof dismissNotificationsBody>;
export const dismissNotificationsResponse = z.object({ dismissed: z.number().int() });
