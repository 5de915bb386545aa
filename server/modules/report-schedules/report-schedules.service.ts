import type { z } from 'zod';
import type {
  createReportScheduleBody,
  reportDeliveryResponse,
  reportScheduleResponse,
  updateReportScheduleBody,
} from '../../../common/contracts/reports';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { nextRunOn, reportPeriod, type ScheduleTiming } from '../../../common/report-periods';
import { conflict, invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { listOrganizationMembers } from '../organizations';
import { deliverPeriod, type RenderReport } from './deliver';
import {
  claimedPeriods,
  deleteSchedule,
  findSchedule,
  insertSchedule,
  lastSentAtBySchedule,
  listDeliveries,
  listSchedules,
  updateSchedule,
  type ReportDeliveryRow,
  type ReportScheduleRow,
} from './report-schedules.repo';

/** Server-side shapes: instants are Dates, encoded by the response serializer. */
type ReportSchedule = z.output<typeof reportScheduleResponse>;
type ReportDelivery = z.output<typeof reportDeliveryResponse>;

const HISTORY_LIMIT = 200;

const today = (deps: ServiceDeps) => todayInTimeZone(deps.clock.now());

/** The day it next goes out: today when due and not sent for today's period yet. */
function nextRun(
  schedule: ReportScheduleRow,
  date: string,
  fiscalYearStartMonth: number,
  claimed: Set<string>,
): string | null {
  if (!schedule.enabled) return null;
  const next = nextRunOn(schedule, date, fiscalYearStartMonth);
  if (next !== date) return next;
  const period = reportPeriod(schedule.frequency, date, fiscalYearStartMonth);
  return claimed.has(`${schedule.id}/${period.key}`)
    ? nextRunOn(schedule, addDays(date, 1), fiscalYearStartMonth)
    : next;
}

async function present(deps: ServiceDeps, ctx: RequestContext, rows: ReportScheduleRow[]) {
  const date = today(deps);
  const fy = ctx.org.fiscalYearStartMonth;
  const [lastSent, claimed] = await Promise.all([
    lastSentAtBySchedule(deps.db, ctx.orgId),
    claimedPeriods(
      deps.db,
      ctx.orgId,
      rows.map((r) => r.id),
      [...new Set(rows.map((r) => reportPeriod(r.frequency, date, fy).key))],
    ),
  ]);
  return rows.map((row): ReportSchedule => ({
    id: row.id,
    reportKey: row.reportKey,
    name: row.name,
    frequency: row.frequency,
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    recipients: row.recipients,
    attachXlsx: row.attachXlsx,
    enabled: row.enabled,
    nextRunOn: nextRun(row, date, fy, claimed),
    lastSentAt: lastSent.get(row.id) ?? null,
    createdAt: row.createdAt,
  }));
}

/** 400 naming the member ids that are not members of the organization. */
async function assertMembers(deps: ServiceDeps, orgId: string, memberIds: string[]) {
  if (memberIds.length === 0) return;
  const members = new Set((await listOrganizationMembers(deps.db, orgId)).map((m) => m.userId));
  const strangers = memberIds.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    throw invalidFields([
      {
        field: 'recipients.memberIds',
        message: `Not a member of this organization: ${strangers.join(', ')}`,
      },
    ]);
  }
}

/** The day fields that apply to the frequency (the others cleared). */
function timingOf(body: {
  frequency: ScheduleTiming['frequency'];
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
}): ScheduleTiming {
  return body.frequency === 'weekly'
    ? { frequency: 'weekly', dayOfWeek: body.dayOfWeek ?? null, dayOfMonth: null }
    : { frequency: body.frequency, dayOfWeek: null, dayOfMonth: body.dayOfMonth ?? null };
}

export async function listReportSchedules(deps: ServiceDeps, ctx: RequestContext) {
  return present(deps, ctx, await listSchedules(deps.db, ctx.orgId));
}

export async function createReportSchedule(
  deps: ServiceDeps,
  ctx: RequestContext,
  body: z.output<typeof createReportScheduleBody>,
): Promise<ReportSchedule> {
  await assertMembers(deps, ctx.orgId, body.recipients.memberIds);
  const now = deps.clock.now();
  const row = await insertSchedule(deps.db, ctx.orgId, {
    reportKey: body.reportKey,
    name: body.name,
    ...timingOf(body),
    recipients: {
      memberIds: [...new Set(body.recipients.memberIds)],
      emails: dedupe(body.recipients.emails),
    },
    attachXlsx: body.attachXlsx,
    enabled: body.enabled,
    createdBy: ctx.userId,
    createdAt: now,
    updatedAt: now,
  });
  const [presented] = await present(deps, ctx, [row]);
  return presented;
}

const dedupe = (emails: string[]) => {
  const seen = new Set<string>();
  return emails.filter((e) => !seen.has(e.toLowerCase()) && Boolean(seen.add(e.toLowerCase())));
};

export async function updateReportSchedule(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  body: z.output<typeof updateReportScheduleBody>,
): Promise<ReportSchedule> {
  const current = await findSchedule(deps.db, ctx.orgId, id);
  if (!current) throw notFound('Report schedule');
  if (body.recipients) await assertMembers(deps, ctx.orgId, body.recipients.memberIds);
  const timing = timingOf({
    frequency: body.frequency ?? current.frequency,
    dayOfWeek: body.dayOfWeek !== undefined ? body.dayOfWeek : current.dayOfWeek,
    dayOfMonth: body.dayOfMonth !== undefined ? body.dayOfMonth : current.dayOfMonth,
  });
  if ((timing.frequency === 'weekly' ? timing.dayOfWeek : timing.dayOfMonth) == null) {
    throw invalidFields([
      {
        field: 'frequency',
        message: 'Weekly needs a day of the week; monthly and quarterly a day of the month',
      },
    ]);
  }
  const row = await updateSchedule(deps.db, ctx.orgId, id, {
    ...(body.reportKey !== undefined && { reportKey: body.reportKey }),
    ...(body.name !== undefined && { name: body.name }),
    ...timing,
    ...(body.recipients && {
      recipients: {
        memberIds: [...new Set(body.recipients.memberIds)],
        emails: dedupe(body.recipients.emails),
      },
    }),
    ...(body.attachXlsx !== undefined && { attachXlsx: body.attachXlsx }),
    ...(body.enabled !== undefined && { enabled: body.enabled }),
    updatedAt: deps.clock.now(),
  });
  if (!row) throw notFound('Report schedule');
  const [presented] = await present(deps, ctx, [row]);
  return presented;
}

export async function deleteReportSchedule(deps: ServiceDeps, ctx: RequestContext, id: string) {
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteSchedule(tx, ctx.orgId, id);
    if (!deleted) throw notFound('Report schedule');
    await recordAudit(tx, ctx, {
      action: 'report_schedule.delete',
      entityType: 'report_schedule',
      entityId: id,
      changes: { name: deleted.name, report: deleted.reportKey },
    });
  });
}

function presentDelivery(row: ReportDeliveryRow, scheduleName: string | null): ReportDelivery {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    scheduleName,
    reportKey: row.reportKey,
    periodKey: row.periodKey,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    status: row.status,
    recipients: row.recipients,
    error: row.error,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

export async function listReportDeliveries(
  deps: ServiceDeps,
  ctx: RequestContext,
): Promise<ReportDelivery[]> {
  const rows = await listDeliveries(deps.db, ctx.orgId, HISTORY_LIMIT);
  return rows.map((r) => presentDelivery(r.delivery, r.scheduleName));
}

/**
 * Sends the schedule's report for the last full period now, through the same claim as the daily
 * job: a period already sent (or being sent) is a 409; a failed one is tried again. A sending that
 * fails answers its delivery with the error, as the history shows it.
 */
export async function sendReportNow(
  deps: ServiceDeps,
  render: RenderReport,
  ctx: RequestContext,
  id: string,
): Promise<ReportDelivery> {
  const schedule = await findSchedule(deps.db, ctx.orgId, id);
  if (!schedule) throw notFound('Report schedule');
  const period = reportPeriod(schedule.frequency, today(deps), ctx.org.fiscalYearStartMonth);
  const delivery = await deliverPeriod(deps, render, ctx.org, schedule, period, { retryFailed: true });
  if (!delivery) throw conflict(`This report was already sent for ${period.key}.`);
  return presentDelivery(delivery, schedule.name);
}
