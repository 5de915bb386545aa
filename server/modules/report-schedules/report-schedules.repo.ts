import { and, desc, eq, inArray, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reportDeliveries, reportSchedules } from '../../db/schema';
import type { ReportPeriod } from '../../../common/report-periods';
import { clearReferencesTo } from '../../db/clear-references';

// Report schedules and their deliveries; every query is scoped by organization.

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type ReportDeliveryRow = typeof reportDeliveries.$inferSelect;
type ScheduleValues = Omit<typeof reportSchedules.$inferInsert, 'id' | 'organizationId'>;

export async function listSchedules(db: DbOrTx, orgId: string, options: { enabledOnly?: boolean } = {}) {
  const s = reportSchedules;
  return db
    .select()
    .from(s)
    .where(and(eq(s.organizationId, orgId), options.enabledOnly ? eq(s.enabled, true) : undefined))
    .orderBy(s.createdAt, s.id);
}

export async function findSchedule(db: DbOrTx, orgId: string, id: string) {
  const s = reportSchedules;
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.organizationId, orgId), eq(s.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertSchedule(db: DbOrTx, orgId: string, values: ScheduleValues) {
  const [row] = await db
    .insert(reportSchedules)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row;
}

export async function updateSchedule(db: DbOrTx, orgId: string, id: string, values: Partial<ScheduleValues>) {
  const s = reportSchedules;
  const [row] = await db
    .update(s)
    .set(values)
    .where(and(eq(s.organizationId, orgId), eq(s.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes the schedule; its deliveries keep their rows, without the schedule. Answers what it was
 * (for the audit log), or null when there was none.
 */
export async function deleteSchedule(db: DbOrTx, orgId: string, id: string) {
  const s = reportSchedules;
  await clearReferencesTo(db, s, orgId, [id]);
  const rows = await db
    .delete(s)
    .where(and(eq(s.organizationId, orgId), eq(s.id, id)))
    .returning({ id: s.id, name: s.name, reportKey: s.reportKey });
  return rows[0] ?? null;
}

/** Each schedule's last successful sending. */
export async function lastSentAtBySchedule(db: DbOrTx, orgId: string): Promise<Map<string, Date>> {
  const d = reportDeliveries;
  const rows = await db
    .select({ scheduleId: d.scheduleId, sentAt: max(d.sentAt) })
    .from(d)
    .where(and(eq(d.organizationId, orgId), isNotNull(d.scheduleId), eq(d.status, 'sent')))
    .groupBy(d.scheduleId);
  return new Map(rows.flatMap((r) => (r.scheduleId && r.sentAt ? [[r.scheduleId, new Date(r.sentAt)]] : [])));
}

/** The (schedule, period) pairs already claimed among the given ones, as "scheduleId/periodKey". */
export async function claimedPeriods(
  db: DbOrTx,
  orgId: string,
  scheduleIds: string[],
  periodKeys: string[],
): Promise<Set<string>> {
  if (scheduleIds.length === 0 || periodKeys.length === 0) return new Set();
  const d = reportDeliveries;
  const rows = await db
    .select({ scheduleId: d.scheduleId, periodKey: d.periodKey })
    .from(d)
    .where(
      and(eq(d.organizationId, orgId), inArray(d.scheduleId, scheduleIds), inArray(d.periodKey, periodKeys)),
    );
  return new Set(rows.map((r) => `${r.scheduleId}/${r.periodKey}`));
}

/**
 * Claims the sending of a schedule's period: the unique (organization, schedule, period) index lets
 * one insert win however many servers try; the others get null and send nothing.
 */
export async function claimDelivery(
  db: DbOrTx,
  schedule: ReportScheduleRow,
  period: ReportPeriod,
  now: Date,
): Promise<ReportDeliveryRow | null> {
  const d = reportDeliveries;
  const [row] = await db
    .insert(d)
    .values({
      organizationId: schedule.organizationId,
      scheduleId: schedule.id,
      reportKey: schedule.reportKey,
      periodKey: period.key,
      periodFrom: period.from,
      periodTo: period.to,
      status: 'sending',
      createdAt: now,
      heartbeatAt: now,
    })
    .onConflictDoNothing({
      target: [d.organizationId, d.scheduleId, d.periodKey],
      where: sql`${d.scheduleId} is not null`,
    })
    .returning();
  return row ?? null;
}

/** A sending whose heartbeat is older than this lost its server (killed mid-way): it is taken over. */
export const STALE_SENDING_MS = 2 * 60_000;

/**
 * Claims a sending again (one caller wins): one a crash left 'sending' with a stopped heartbeat,
 * and with `failed` also a failed one ("send now" after a failure). Recipients already handed to the
 * mail outbox stay in `recipients`, so the taker-over skips them.
 */
export async function reclaimDelivery(
  db: DbOrTx,
  schedule: ReportScheduleRow,
  periodKey: string,
  now: Date,
  options: { failed?: boolean } = {},
): Promise<ReportDeliveryRow | null> {
  const d = reportDeliveries;
  const stale = and(eq(d.status, 'sending'), lt(d.heartbeatAt, new Date(now.getTime() - STALE_SENDING_MS)));
  const [row] = await db
    .update(d)
    .set({ status: 'sending', error: null, reportKey: schedule.reportKey, createdAt: now, heartbeatAt: now })
    .where(
      and(
        eq(d.organizationId, schedule.organizationId),
        eq(d.scheduleId, schedule.id),
        eq(d.periodKey, periodKey),
        options.failed ? or(eq(d.status, 'failed'), stale) : stale,
      ),
    )
    .returning();
  return row ?? null;
}

/** Keeps a sending's heartbeat fresh while its server works on it. */
export async function beatDelivery(db: DbOrTx, orgId: string, id: string, now: Date): Promise<void> {
  const d = reportDeliveries;
  await db
    .update(d)
    .set({ heartbeatAt: now })
    .where(and(eq(d.organizationId, orgId), eq(d.id, id), eq(d.status, 'sending')));
}

/** Records a recipient handed to the mail outbox, so a take-over does not mail them again. */
export async function addDeliveryRecipient(db: DbOrTx, orgId: string, id: string, email: string) {
  const d = reportDeliveries;
  await db
    .update(d)
    .set({ recipients: sql`${d.recipients} || ${JSON.stringify([email])}::jsonb` })
    .where(and(eq(d.organizationId, orgId), eq(d.id, id)));
}

/**
 * Sendings whose server stopped beating, across organizations (the recovery sweep; each is then
 * reclaimed under its own organization).
 */
export async function staleSendings(db: DbOrTx, now: Date, limit: number) {
  const d = reportDeliveries;
  return db
    .select({
      id: d.id,
      organizationId: d.organizationId,
      scheduleId: d.scheduleId,
      periodKey: d.periodKey,
      periodFrom: d.periodFrom,
      periodTo: d.periodTo,
    })
    .from(d)
    .where(and(eq(d.status, 'sending'), lt(d.heartbeatAt, new Date(now.getTime() - STALE_SENDING_MS))))
    .limit(limit);
}

export async function finishDelivery(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Pick<Partial<ReportDeliveryRow>, 'status' | 'recipients' | 'attachmentKey' | 'error' | 'sentAt'>,
) {
  const d = reportDeliveries;
  const [row] = await db
    .update(d)
    .set(values)
    .where(and(eq(d.organizationId, orgId), eq(d.id, id)))
    .returning();
  return row ?? null;
}

/** The organization's sendings, newest first, with the schedule's current name. */
export async function listDeliveries(db: DbOrTx, orgId: string, limit: number) {
  const d = reportDeliveries;
  const s = reportSchedules;
  return db
    .select({ delivery: d, scheduleName: s.name })
    .from(d)
    .leftJoin(s, and(eq(s.organizationId, d.organizationId), eq(s.id, d.scheduleId)))
    .where(eq(d.organizationId, orgId))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(limit);
}
