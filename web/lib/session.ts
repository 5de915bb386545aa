import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@common/contracts/auth';
import type { SessionBootstrap } from '@common/contracts/session';
import { billingKeys } from '@/lib/billing/keys';
import { notificationKeys } from '@/lib/notifications/keys';
import { organizationKeys } from '@/lib/organizations/keys';
import { settingsKeys, type SettingsListName } from '@/lib/settings/settings-lists';
import { apiGet, isStatus } from './api-client';

/** GET /api/session — the shell's start-up data in one call, or null: a 401 means "no user". */
export async function getSession(): Promise<SessionBootstrap | null> {
  try {
    return await apiGet<SessionBootstrap>('/api/session');
  } catch (error) {
    if (isStatus(error, 401)) return null;
    throw error;
  }
}

/**
 * Puts each part of the answer in the cache of the hook that reads it (same keys as their own
 * endpoints), so the shell's hooks do not fetch again. A part that is null (no organization yet,
 * or closed while the account is locked) is left to its own hook.
 */
export function seedSessionCaches(client: QueryClient, session: SessionBootstrap): void {
  const seed = (key: readonly unknown[], value: unknown) => {
    if (value !== null && value !== undefined) client.setQueryData(key, value);
  };
  seed(organizationKeys.list(), session.organizations);
  seed(organizationKeys.current(), session.organization);
  seed(billingKeys.trialStatus(), session.trialStatus);
  seed(billingKeys.plans(), session.plans);
  seed(notificationKeys.count(), session.notifications && { count: session.notifications.count });
  seed(notificationKeys.list({ status: 'active' }), session.notifications?.active);
  if (session.settingsLists) {
    for (const [name, items] of Object.entries(session.settingsLists)) {
      seed(settingsKeys.list(name as SettingsListName), items);
    }
  }
}

/** The signed-in user (null when signed out), with the rest of the start-up data seeded. */
export async function loadSession(client: QueryClient): Promise<User | null> {
  const session = await getSession();
  if (!session) return null;
  seedSessionCaches(client, session);
  return session.user;
}
