// GET /api/session: what the app shell needs at start, in one answer.
import { z } from 'zod';
import { userResponse } from './auth';
import { plansResponse, trialStatusResponse } from './billing';
import { notificationResponse } from './notifications';
import { organizationDetail, organizationSummary } from './organizations';
import { settingsItemListResponse } from './settings-lists';
import type { Wire } from './wire';

/** Each part is what its own endpoint answers; a part the caller may not read there is null. */
export const sessionResponse = z.object({
  /** GET /api/auth/user */
  user: userResponse,
  /** GET /api/organizations: the current organization first. */
  organizations: z.array(organizationSummary),
  /** GET /api/organization; null before onboarding created one. */
  organization: organizationDetail.nullable(),
  /** GET /api/trial/status; null without an organization. */
  trialStatus: trialStatusResponse.nullable(),
  /** GET /api/plans */
  plans: plansResponse,
  /** GET /api/notifications/count and GET /api/notifications?status=active; null when locked. */
  notifications: z.object({ count: z.number(), active: z.array(notificationResponse) }).nullable(),
  /** GET /api/settings/{list} for each list; null when locked. */
  settingsLists: z
    .object({
      categories: settingsItemListResponse,
      tags: settingsItemListResponse,
      paymentMethods: settingsItemListResponse,
      useCases: settingsItemListResponse,
      projects: settingsItemListResponse,
    })
    .nullable(),
});
export type SessionBootstrap = Wire<typeof sessionResponse>;
