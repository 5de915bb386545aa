// Alert rules and channels: the defaults an organization starts with and their validation.
// Shared by the server (alert engine, settings API) and the settings screen.

import { z } from 'zod';
import type { Role } from './roles';

const offsetValues = z
  .array(z.number().int('Whole days only').min(1, 'At least 1 day'))
  .max(50, 'At most 50 reminders');
/** Days before a date; any positive whole numbers, no upper cap, kept unique and descending. */
export const offsetList = offsetValues.transform((days) => [...new Set(days)].sort((a, b) => b - a));

function rulesSchema<T extends z.ZodType<number[], unknown>>(offsets: T) {
  return z.object({
    /** Reminders before the cancel-by date (renewal date − notice period). */
    cancelBy: z.object({ enabled: z.boolean(), offsets }),
    /** Reminders before the renewal date itself. */
    dueSoon: z.object({ enabled: z.boolean(), offsets }),
    /** Once, when a renewal date passed without a decision. */
    overdue: z.object({ enabled: z.boolean() }),
    /** Before an auto-renewing application is charged. */
    autoRenewal: z.object({ enabled: z.boolean(), offsets }),
    /** Before a contract that does not renew by itself ends. */
    contractExpiry: z.object({ enabled: z.boolean(), offsets }),
    /** When a charge exceeds the expected amount by more than thresholdPct. */
    costAlert: z.object({ enabled: z.boolean(), thresholdPct: z.number().min(0).max(1000) }),
  });
}
/** Rules as the settings form sends them (offsets normalised). */
export const alertRulesSchema = rulesSchema(offsetList);
/** Rules as stored and answered. */
export const alertRulesResponse = rulesSchema(offsetValues);
export type AlertRules = z.output<typeof alertRulesSchema>;
export type AlertRuleKey = keyof AlertRules;

export const DEFAULT_ALERT_RULES: AlertRules = {
  cancelBy: { enabled: true, offsets: [90, 60, 30, 14, 7, 1] },
  dueSoon: { enabled: true, offsets: [7] },
  overdue: { enabled: true },
  autoRenewal: { enabled: true, offsets: [3] },
  contractExpiry: { enabled: true, offsets: [60, 30, 7] },
  costAlert: { enabled: true, thresholdPct: 10 },
};

export const EMAIL_MODES = ['immediate', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
/** One e-mail a day unless a member asks for each alert as it happens. */
export const DEFAULT_EMAIL_MODE: EmailMode = 'digest';

export const DEFAULT_EMAIL_ROLES: Role[] = ['owner', 'admin'];

export const DELIVERY_CHANNELS = ['email', 'digest', 'slack', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const TEST_CHANNELS = ['in-app', 'email', 'slack', 'webhook'] as const;
export type TestChannel = (typeof TEST_CHANNELS)[number];

/**
 * The offset whose reminder is due when `daysLeft` days remain: the smallest offset not below
 * it. Run daily, each offset fires on its own day; after a gap, only the latest one missed fires.
 */
export function dueOffset(offsets: readonly number[], daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  let best: number | null = null;
  for (const offset of offsets) if (offset >= daysLeft && (best === null || offset < best)) best = offset;
  return best;
}
