// The demo's scheduled report (issue 20): the executive summary the finance lead e-mails to
// themselves and the head of Operations every month, with its last three sendings in the history,
// so the schedules page shows something. The history rows carry no PDF (attachment_key null): the
// demo renders no files.
//
// It goes out a few days after the month closes, on a day still to come this month: the last full
// month is not sent yet, so "Send now" on a fresh demo sends it (a period already sent is a 409).
// Late in the month (no such day left) it goes out on the 5th, and was edited the day after this
// month's sending was due, so that one was skipped: the daily job does not catch it up either.
import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '../../common/dates';
import { lastRunOn, reportPeriod, type ScheduleTiming } from '../../common/report-periods';
import { people, reportDeliveries, users } from '../../server/db/schema';
import { insertSchedule } from '../../server/modules/report-schedules/report-schedules.repo';
import type { DemoContext } from './context';
import { personEmailOf } from './people';

const HISTORY = 3;
/** The days of the month the report may go out on (1–28, as schedules allow). */
const SENDING_DAYS = [5, 10, 15, 20, 25, 28];

/** The demo schedule's timing on `today`, and whether this month's sending was skipped. */
export function demoReportTiming(today: string): { timing: ScheduleTiming; skippedThisMonth: boolean } {
  const dayOfMonth = Number(today.slice(8, 10));
  const upcoming = SENDING_DAYS.find((d) => d > dayOfMonth);
  return {
    timing: { frequency: 'monthly', dayOfWeek: null, dayOfMonth: upcoming ?? SENDING_DAYS[0]! },
    skippedThisMonth: upcoming === undefined,
  };
}

export async function generateReportSchedules(ctx: DemoContext): Promise<void> {
  const [author] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, ctx.colleagues.finance));
  if (!author) return;
  const [head] = await ctx.db
    .select({ email: people.email })
    .from(people)
    .where(and(eq(people.organizationId, ctx.orgId), eq(people.title, 'VP Operations')))
    .orderBy(asc(people.email))
    .limit(1);
  const recipients = [...new Set([personEmailOf(author.email), ...(head ? [head.email] : [])])];
  const { timing, skippedThisMonth } = demoReportTiming(ctx.today);
  // Created before the oldest sending shown.
  const createdAt = new Date(ctx.now.getTime() - ((HISTORY + 1) * 31 + 10) * 86_400_000);
  let day = lastRunOn(timing, ctx.today, 1);
  let updatedAt = createdAt;
  if (skippedThisMonth && day) {
    // Recipients changed the day after this month's sending was due: that one never went out.
    updatedAt = new Date(`${addDays(day, 1)}T10:00:00Z`);
    day = lastRunOn(timing, addDays(day, -1), 1);
  }
  const schedule = await insertSchedule(ctx.db, ctx.orgId, {
    reportKey: 'executive-summary',
    name: 'Monthly executive summary',
    ...timing,
    recipients: { memberIds: [], emails: recipients },
    attachXlsx: true,
    enabled: true,
    createdBy: ctx.colleagues.finance,
    createdAt,
    updatedAt,
  });
  for (let i = 0; i < HISTORY && day; i++) {
    const period = reportPeriod('monthly', day, 1);
    const sentAt = new Date(`${day}T06:00:00Z`);
    await ctx.db.insert(reportDeliveries).values({
      organizationId: ctx.orgId,
      scheduleId: schedule.id,
      reportKey: schedule.reportKey,
      periodKey: period.key,
      periodFrom: period.from,
      periodTo: period.to,
      status: 'sent',
      recipients,
      createdAt: sentAt,
      sentAt,
    });
    day = lastRunOn(timing, addDays(day, -1), 1);
  }
}
