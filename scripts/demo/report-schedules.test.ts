import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDeliveries, reportSchedules } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { getTestServer, type TestServer } from '../../server/test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });
});
afterAll(() => server.close());

describe('demo company scheduled report', () => {
  it('has a monthly executive summary to the owner and its last three sendings', async () => {
    const owner = await buildOrgOwner(server.app);
    expect((await api(server.app, owner.cookie).post('/api/demo')).statusCode).toBe(201);
    const db = server.database.db;
    const [schedule] = await db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.organizationId, owner.orgId));
    expect(schedule).toMatchObject({
      reportKey: 'executive-summary',
      frequency: 'monthly',
      dayOfMonth: 1,
      recipients: { memberIds: [owner.id], emails: [] },
      enabled: true,
    });
    const sent = await db.select().from(reportDeliveries).where(eq(reportDeliveries.scheduleId, schedule.id));
    expect(sent.map((d) => [d.periodKey, d.periodFrom, d.periodTo, d.status]).sort()).toEqual([
      ['2026-08', '2026-08-01', '2026-08-31', 'sent'],
      ['2026-09', '2026-09-01', '2026-09-30', 'sent'],
      ['2026-10', '2026-10-01', '2026-10-31', 'sent'],
    ]);
    expect(sent.every((d) => d.recipients[0] === owner.email)).toBe(true);
  });
});
