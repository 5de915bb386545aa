// What notifications needs from the modules above it: the applications a notification is about
// (their name, and whether they still exist). Notifications is a foundation module (most modules
// notify), so it imports none of them; the composition root (server/providers.ts) provides these.
import { port } from '../../lib/port';
import type { applicationNames, subscriptionsOf } from '../subscriptions';

export interface NotificationsNeeds {
  /** The organization's applications as a join-able subquery (every column). */
  applicationsOf: typeof subscriptionsOf;
  /** Every organization's application names as a join-able subquery, for views across organizations. */
  applicationNames: typeof applicationNames;
}

export const notificationsNeeds = port<NotificationsNeeds>("notifications' needs");
