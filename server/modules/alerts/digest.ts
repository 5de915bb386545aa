import { and, eq, inArray } from 'drizzle-orm';
import { notificationDeliveries } from '../../db/schema';
import type { ServiceDeps } from '../../types';
import { findUserById } from '../organizations';
import { digestMail } from './channel-payloads';
import { loadNotificationViews } from '../notifications';
import { describeError, type DeliveryRow } from './deliveries';

/**
 * Sends each member who chose the daily digest one e-mail with every alert queued for them since
 * their last digest. Rows are claimed first, so a digest goes out once even with two servers.
 */
export async function sendDigests(deps: ServiceDeps, orgId: string): Promise<number> {
  const pending = await deps.db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.organizationId, orgId),
        eq(notificationDeliveries.channel, 'digest'),
        eq(notificationDeliveries.status, 'pending'),
      ),
    );
  const byRecipient = new Map<string, DeliveryRow[]>();
  for (const row of pending) byRecipient.set(row.target, [...(byRecipient.get(row.target) ?? []), row]);
  let sent = 0;
  for (const [to, rows] of byRecipient) {
    const claimed = await deps.db
      .update(notificationDeliveries)
      .set({ status: 'sending', attempts: 1 })
      .where(
        and(
          inArray(
            notificationDeliveries.id,
            rows.map((r) => r.id),
          ),
          eq(notificationDeliveries.status, 'pending'),
        ),
      )
      .returning();
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
      await deps.db
        .update(notificationDeliveries)
        .set({ status: 'sent', sentAt: deps.clock.now() })
        .where(inArray(notificationDeliveries.id, ids));
    } catch (error) {
      deps.log.error({ err: error, orgId }, 'Digest e-mail failed');
      await deps.db
        .update(notificationDeliveries)
        .set({ status: 'pending', lastError: describeError(error).slice(0, 1000) })
        .where(inArray(notificationDeliveries.id, ids));
    }
  }
  return sent;
}
