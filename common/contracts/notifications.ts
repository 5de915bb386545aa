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
