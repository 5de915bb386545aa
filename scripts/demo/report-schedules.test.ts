import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportDeliveries, reportSchedules } from '../../server/db/schema';
import { demoReportTiming } from './report-schedules';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });

describe('demo company scheduled report', () => {
  it('has a monthly executive summary the finance lead mails to the company, and its last three sendings', async () => {
    const owner = await buildOrgOwner(server.app);
    expect((await api(server.app, owner.cookie).post('/api/demo')).statusCode).toBe(201);
    const db = server.database.db;
    const [schedule] = await db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.organizationId, owner.orgId));
    // On the 24th it goes out on the 25th: October, the last full month, is not sent yet.
    expect(schedule).toMatchObject({
      reportKey: 'executive-summary',
      frequency: 'monthly',
      dayOfMonth: 25,
      recipients: { memberIds: [] },
      enabled: true,
    });
    expect(schedule!.createdBy).not.toBe(owner.id);
    const emails = schedule!.recipients.emails;
    expect(emails.length).toBe(2);
    expect(emails.every((e) => e.endsWith('@northwind.example') && !e.includes('+'))).toBe(true);
    const sent = await db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.scheduleId, schedule!.id));
    expect(
      sent.map((d) => [d.periodKey, d.periodFrom, d.periodTo, d.status, d.sentAt?.toISOString()]).sort(),
    ).toEqual([
      ['2026-07', '2026-07-01', '2026-07-31', 'sent', '2026-08-25T06:00:00.000Z'],
      ['2026-08', '2026-08-01', '2026-08-31', 'sent', '2026-09-25T06:00:00.000Z'],
      ['2026-09', '2026-09-01', '2026-09-30', 'sent', '2026-10-25T06:00:00.000Z'],
    ]);
    expect(sent.every((d) => d.recipients.join() === emails.join())).toBe(true);
    expect(sent.every((d) => !d.recipients.includes(owner.email))).toBe(true);
  });

  it('goes out on a day still to come, or late in the month skipped this month’s sending', () => {
    expect(demoReportTiming('2026-03-01').timing.dayOfMonth).toBe(5);
    expect(demoReportTiming('2026-03-05').timing.dayOfMonth).toBe(10);
    expect(demoReportTiming('2026-03-27')).toEqual({
      timing: { frequency: 'monthly', dayOfWeek: null, dayOfMonth: 28 },
      skippedThisMonth: false,
    });
    expect(demoReportTiming('2026-03-28')).toEqual({
      timing: { frequency: 'monthly', dayOfWeek: null, dayOfMonth: 5 },
      skippedThisMonth: true,
    });
  });
});
