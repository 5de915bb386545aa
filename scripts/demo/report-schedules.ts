// The demo's scheduled report (issue 20): the executive summary e-mailed to the owner on the 1st of
// every month, with its last three sendings in the history, so the schedules page shows something.
// The history rows carry no PDF (attachment_key null): the demo renders no files.
import { eq } from 'drizzle-orm';
import { addDays } from '../../common/dates';
import { lastRunOn, reportPeriod, type ScheduleTiming } from '../../common/report-periods';
import { reportDeliveries, users } from '../../server/db/schema';
import { insertSchedule } from '../../server/modules/report-schedules/report-schedules.repo';
import type { DemoContext } from './context';

const MONTHLY_ON_THE_FIRST: ScheduleTiming = { frequency: 'monthly', dayOfWeek: null, dayOfMonth: 1 };
const HISTORY = 3;

export async function generateReportSchedules(ctx: DemoContext): Promise<void> {
  const [owner] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, ctx.ownerUserId));
  if (!owner) return;
  // Created before the oldest sending shown.
  const createdAt = new Date(ctx.now.getTime() - (HISTORY * 31 + 5) * 86_400_000);
  const schedule = await insertSchedule(ctx.db, ctx.orgId, {
    reportKey: 'executive-summary',
    name: 'Monthly executive summary',
    ...MONTHLY_ON_THE_FIRST,
    recipients: { memberIds: [ctx.ownerUserId], emails: [] },
    attachXlsx: true,
    enabled: true,
    createdBy: ctx.ownerUserId,
    createdAt,
    updatedAt: createdAt,
  });
  let day = lastRunOn(MONTHLY_ON_THE_FIRST, ctx.today, 1);
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
      recipients: [owner.email],
      createdAt: sentAt,
      sentAt,
    });
    day = lastRunOn(MONTHLY_ON_THE_FIRST, addDays(day, -1), 1);
  }
}
