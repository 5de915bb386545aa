import type { ServiceDeps } from '../../types';
import { findUserById } from '../organizations';
import { digestMail } from './channel-payloads';
import { loadNotificationViews } from '../notifications';
import { describeError } from './deliveries';
import {
  claimDigestDeliveries,
  pendingDigestDeliveries,
  updateDeliveries,
  type DeliveryRow,
} from './deliveries.repo';

/**
 * Sends each member who chose the daily digest one e-mail with every alert queued for them since
 * their last digest. Rows are claimed first, so a digest goes out once even with two servers.
 */
export async function sendDigests(deps: ServiceDeps, orgId: string): Promise<number> {
  const pending = await pendingDigestDeliveries(deps.db, orgId);
  const byRecipient = new Map<string, DeliveryRow[]>();
  for (const row of pending) byRecipient.set(row.target, [...(byRecipient.get(row.target) ?? []), row]);
  let sent = 0;
  for (const [to, rows] of byRecipient) {
    const claimed = await claimDigestDeliveries(
      deps.db,
      rows.map((r) => r.id),
    );
    if (claimed.length === 0) continue;
    const ids = claimed.map((r) => r.id);
    try {
      const views = await loadNotificationViews(
        deps.db,
        claimed.map((r) => r.notificationId),
      );
      const userId = claimed[0].userId;
      const user = userId ? await findUserById(deps.db, userId) : null;
      const items = [...views.values()];
      if (items.length > 0) {
        await deps.mailer.send({
          to,
          ...digestMail(items, deps.env.APP_URL, user?.firstName ?? ''),
          organizationId: orgId,
        });
        sent += 1;
      }
      await updateDeliveries(deps.db, ids, { status: 'sent', sentAt: deps.clock.now() });
    } catch (error) {
      deps.log.error({ err: error, orgId }, 'Digest e-mail failed');
      await updateDeliveries(deps.db, ids, {
        status: 'pending',
        lastError: describeError(error).slice(0, 1000),
      });
    }
  }
  return sent;
}
