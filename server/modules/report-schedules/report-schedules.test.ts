import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, outbox, reportDeliveries, reportSchedules } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner, setPlan } from '../../test/factories';
import { testScheduler } from '../../test/scheduler';
import { startSmtpServer } from '../../test/smtp';
import { getTestServer, type TestServer } from '../../test/test-server';
import { readPdf } from '../../test/read-pdf';
import { recoverStaleSendings, reportSchedulesJob, sendDueReports } from './report-schedules.job';
import { fakeRenderer } from './test/fake-renderer';
import { userContext } from '../../lib/acting-context';

// Tuesday 1 December 2026, 07:00 UTC: monthly schedules on day 1 send November's report.
const clock = fixedClock('2026-12-01T07:00:00Z');
const renderer = fakeRenderer();
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await getTestServer({ clock, env: { SMTP_URL: smtp.url } });
  // pdfkit's fonts and the SMTP stack (both ends) load with their first use: load them here, not
  // inside the scheduler's drain time limit on a busy machine.
  const deps = server.app.deps;
  const owner = await buildOrgOwner(server.app);
  const org = (await db().select().from(organizations).where(eq(organizations.id, owner.orgId)))[0];
  const pdf = await fakeRenderer().render(
    deps,
    { ...userContext(org.id, owner.id, 'owner', new Date()), userId: owner.id, role: 'owner', org },
    'shadow-it',
    { from: '2026-01-01', to: '2026-01-31' },
    'pdf',
  );
  await deps.storage.put('warm-up/report.pdf', pdf.body!);
  await deps.mailer.send({
    to: 'warm-up@example.com',
    subject: 'Warm-up',
    text: 'Warm-up',
    attachments: [
      { filename: 'report.pdf', contentType: 'application/pdf', storageKey: 'warm-up/report.pdf' },
    ],
  });
  await smtp.waitFor('warm-up@example.com', 60_000);
}, 120_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const db = () => server.database.db;

/** Runs `work` with a second server of the same installation (same database, its own process state). */
async function withSecondServer<T>(work: (second: TestServer) => Promise<T>): Promise<T> {
  const second = await getTestServer({
    clock,
    env: { SMTP_URL: smtp.url },
    database: server.database,
  });
  try {
    return await work(second);
  } finally {
    await second.close();
  }
}
const mailsTo = (email: string) =>
  smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));

async function growthOrg() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(db(), owner.orgId, 'pro');
  return owner;
}

const monthly = (memberIds: string[], emails: string[] = []) => ({
  reportKey: 'executive-summary',
  name: 'Monthly board pack',
  frequency: 'monthly',
  dayOfMonth: 1,
  recipients: { memberIds, emails },
});

async function deliveriesOf(orgId: string) {
  return db().select().from(reportDeliveries).where(eq(reportDeliveries.organizationId, orgId));
}

describe('scheduled report delivery', () => {
  it('e-mails each recipient the PDF once, with the headline figures and a link, however often the job runs', async () => {
    const owner = await growthOrg();
    const admin = await addMember(server.app, db(), owner.orgId, 'admin');
    const created = await api(server.app, owner.cookie).post(
      '/api/report-schedules',
      monthly([owner.id, admin.id], ['cfo@outside.example', 'CFO@outside.example']),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      nextRunOn: '2026-12-01',
      lastSentAt: null,
      recipients: { emails: ['cfo@outside.example'] },
    });

    await testScheduler(server.app.deps, [reportSchedulesJob(renderer.render)]).tick();

    for (const email of [owner.email, admin.email, 'cfo@outside.example']) {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe('[Stackwise] Executive summary — 2026-11-01 – 2026-11-30');
      expect(mail.text).toContain('Here is the Executive summary report for');
      expect(mail.text).toContain('Total spend: $12,345.00');
      expect(mail.text).toContain('Applications: 42');
      expect(mail.text).toContain('License utilisation: 81.5 % (+2 points)');
      expect(mail.text).toContain(
        'Open the report: http://localhost:3000/app/reports/executive-summary?from=2026-11-01&to=2026-11-30',
      );
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].filename).toBe('executive-summary.pdf');
      expect(mail.attachments[0].content.subarray(0, 4).toString()).toBe('%PDF');
    }
    const [delivery] = await deliveriesOf(owner.orgId);
    expect(delivery).toMatchObject({
      status: 'sent',
      periodKey: '2026-11',
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      error: null,
    });
    expect(delivery.recipients).toEqual([owner.email, admin.email, 'cfo@outside.example']);
    expect(await server.app.deps.storage.exists(delivery.attachmentKey!)).toBe(true);

    // The same day again, on both servers at once: nothing more goes out.
    const again = await withSecondServer((second) =>
      Promise.all(
        [server, second].map((s) => sendDueReports(s.app.deps, renderer.render, owner.orgId, '2026-12-01')),
      ),
    );
    expect(again).toEqual([0, 0]);
    expect(mailsTo(admin.email)).toHaveLength(1);
    expect(await deliveriesOf(owner.orgId)).toHaveLength(1);

    const list = await api(server.app, owner.cookie).get('/api/report-schedules');
    expect(list.json()[0]).toMatchObject({ nextRunOn: '2027-01-01', lastSentAt: '2026-12-01T07:00:00.000Z' });
  });

  it('sends once when two servers run the same due schedule at the same moment', async () => {
    const owner = await growthOrg();
    await api(server.app, owner.cookie).post('/api/report-schedules', {
      ...monthly([], ['race@outside.example']),
      attachXlsx: true,
    });
    const sent = await withSecondServer((second) =>
      Promise.all(
        [server, second].map((s) => sendDueReports(s.app.deps, renderer.render, owner.orgId, '2026-12-01')),
      ),
    );
    expect(sent.sort()).toEqual([0, 1]);
    await smtp.waitFor('race@outside.example');
    const mails = mailsTo('race@outside.example');
    expect(mails).toHaveLength(1);
    expect(mails[0].attachments.map((a) => a.filename)).toEqual([
      'executive-summary.pdf',
      'executive-summary.xlsx',
    ]);
    expect(mails[0].text).toContain('the PDF and the Excel workbook are attached');
    const outboxRows = await db().select().from(outbox).where(eq(outbox.to, 'race@outside.example'));
    expect(outboxRows).toHaveLength(1);
    expect(outboxRows[0].attachments).toHaveLength(2);
  });

  it('is due weekly, monthly and quarterly on the right days, and covers the period just ended', async () => {
    const owner = await growthOrg();
    // Fiscal year from April: quarters open in April, July, October and January.
    await db()
      .update(organizations)
      .set({ fiscalYearStartMonth: 4 })
      .where(eq(organizations.id, owner.orgId));
    clock.set('2026-11-01T00:00:00Z');
    const client = api(server.app, owner.cookie);
    const external = { memberIds: [], emails: ['periods@outside.example'] };
    for (const body of [
      { name: 'Weekly', frequency: 'weekly', dayOfWeek: 1 },
      { name: 'Monthly', frequency: 'monthly', dayOfMonth: 15 },
      { name: 'Quarterly', frequency: 'quarterly', dayOfMonth: 2 },
    ]) {
      const res = await client.post('/api/report-schedules', {
        reportKey: 'spend-by-vendor',
        recipients: external,
        ...body,
      });
      expect(res.statusCode).toBe(201);
    }
    const schedules = (await client.get('/api/report-schedules')).json() as Array<{
      name: string;
      nextRunOn: string;
    }>;
    expect(Object.fromEntries(schedules.map((s) => [s.name, s.nextRunOn]))).toEqual({
      Weekly: '2026-11-02',
      Monthly: '2026-11-15',
      Quarterly: '2027-01-02',
    });

    /** Runs the job on `date` and answers the periods it sent, sorted. */
    const run = async (date: string) => {
      clock.set(`${date}T06:00:00Z`);
      const before = new Set((await deliveriesOf(owner.orgId)).map((d) => d.id));
      await sendDueReports(server.app.deps, renderer.render, owner.orgId, date);
      return (await deliveriesOf(owner.orgId))
        .filter((d) => !before.has(d.id))
        .map((d) => `${d.periodKey} ${d.periodFrom}..${d.periodTo}`)
        .sort();
    };
    expect(await run('2026-11-01')).toEqual([]); // a Sunday: nothing due yet
    expect(await run('2026-11-02')).toEqual(['2026-W44 2026-10-26..2026-11-01']); // Monday: last week
    expect(await run('2026-11-03')).toEqual([]); // that week is sent
    expect(await run('2026-11-09')).toEqual(['2026-W45 2026-11-02..2026-11-08']);
    expect(await run('2026-11-15')).toEqual(['2026-10 2026-10-01..2026-10-31']);
    expect(await run('2026-11-16')).toEqual(['2026-W46 2026-11-09..2026-11-15']);
    // Saturday 2 January 2027: the fiscal year's third quarter (October–December) to March 2027,
    // and the week and month whose due days the job missed (the latest of each only).
    expect(await run('2027-01-02')).toEqual([
      '2026-11 2026-11-01..2026-11-30',
      '2026-W52 2026-12-21..2026-12-27',
      'FY2027-Q3 2026-10-01..2026-12-31',
    ]);
    clock.set('2026-12-01T07:00:00Z');
  });

  it('catches up the one period missed since the schedule was created, not earlier ones', async () => {
    const owner = await growthOrg();
    clock.set('2026-10-20T09:00:00Z');
    await api(server.app, owner.cookie).post('/api/report-schedules', monthly([], ['late@outside.example']));
    clock.set('2026-12-03T09:00:00Z');
    // The 1 November and 1 December runs were missed: only November's report (due 1 December) goes.
    expect(await sendDueReports(server.app.deps, renderer.render, owner.orgId, '2026-12-03')).toBe(1);
    expect((await deliveriesOf(owner.orgId)).map((d) => d.periodKey)).toEqual(['2026-11']);

    // Created on its due day after that day's run: it goes out the next day.
    const other = await growthOrg();
    clock.set('2026-12-01T10:00:00Z');
    await api(server.app, other.cookie).post('/api/report-schedules', monthly([], ['fresh@outside.example']));
    clock.set('2026-12-02T10:00:00Z');
    expect(await sendDueReports(server.app.deps, renderer.render, other.orgId, '2026-12-02')).toBe(1);

    // Created after its due day: nothing until the next one.
    const later = await growthOrg();
    await api(server.app, later.cookie).post('/api/report-schedules', monthly([], ['later@outside.example']));
    clock.set('2026-12-03T10:00:00Z');
    expect(await sendDueReports(server.app.deps, renderer.render, later.orgId, '2026-12-03')).toBe(0);
    const [schedule] = (await api(server.app, later.cookie).get('/api/report-schedules')).json();
    expect(schedule.nextRunOn).toBe('2027-01-01');
    clock.set('2026-12-01T07:00:00Z');
  });

  it('sends nothing for a disabled schedule or an organization without the Growth plan', async () => {
    const owner = await growthOrg();
    const res = await api(server.app, owner.cookie).post('/api/report-schedules', {
      ...monthly([], ['off@outside.example']),
      enabled: false,
    });
    expect(res.json().nextRunOn).toBeNull();
    const downgraded = await growthOrg();
    await api(server.app, downgraded.cookie).post(
      '/api/report-schedules',
      monthly([], ['starter@outside.example']),
    );
    await setPlan(db(), downgraded.orgId, 'starter');
    for (const o of [owner, downgraded]) {
      expect(await sendDueReports(server.app.deps, renderer.render, o.orgId, '2026-12-01')).toBe(0);
      expect(await deliveriesOf(o.orgId)).toEqual([]);
    }
  });

  it('records a failed rendering with its error and sends it again on "send now"', async () => {
    const owner = await growthOrg();
    const created = await api(server.app, owner.cookie).post('/api/report-schedules', {
      ...monthly([], ['broken@outside.example']),
      reportKey: 'license-utilisation',
    });
    const failing = fakeRenderer({ failWith: 'The renderer ran out of paper' });
    expect(await sendDueReports(server.app.deps, failing.render, owner.orgId, '2026-12-01')).toBe(0);
    const [failed] = await deliveriesOf(owner.orgId);
    expect(failed).toMatchObject({ status: 'failed', error: 'The renderer ran out of paper', sentAt: null });
    expect(mailsTo('broken@outside.example')).toHaveLength(0);
    // The daily job does not claim the failed period twice.
    expect(await sendDueReports(server.app.deps, renderer.render, owner.orgId, '2026-12-02')).toBe(0);

    const retried = await api(server.app, owner.cookie).post(
      `/api/report-schedules/${created.json().id}/send`,
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      id: failed.id,
      status: 'sent',
      periodKey: '2026-11',
      error: null,
    });
    expect(mailsTo('broken@outside.example')).toHaveLength(1);

    // A sending a crash left 'sending' before mailing anyone: "send now" leaves it to its server
    // while that beats, and takes it over once its heartbeat is two minutes old.
    await db()
      .update(reportDeliveries)
      .set({ status: 'sending', sentAt: null, recipients: [], heartbeatAt: clock.now() })
      .where(eq(reportDeliveries.id, failed.id));
    const early = await api(server.app, owner.cookie).post(`/api/report-schedules/${created.json().id}/send`);
    expect(early.statusCode).toBe(409);
    clock.advance(3 * 60_000);
    const late = await api(server.app, owner.cookie).post(`/api/report-schedules/${created.json().id}/send`);
    expect(late.json()).toMatchObject({ id: failed.id, status: 'sent' });
    expect(mailsTo('broken@outside.example')).toHaveLength(2);
    clock.set('2026-12-01T07:00:00Z');
  });
});

describe('a server killed while sending a report', () => {
  /** The state a SIGKILL leaves: the row 'sending', its last heartbeat `ago` ms old, some mailed. */
  async function killedMidSending(orgId: string, scheduleId: string, mailed: string[], ago: number) {
    const [row] = await db()
      .insert(reportDeliveries)
      .values({
        organizationId: orgId,
        scheduleId,
        reportKey: 'executive-summary',
        periodKey: '2026-11',
        periodFrom: '2026-11-01',
        periodTo: '2026-11-30',
        status: 'sending',
        recipients: mailed,
        createdAt: new Date(clock.now().getTime() - ago),
        heartbeatAt: new Date(clock.now().getTime() - ago),
      })
      .returning();
    return row;
  }

  it('is finished by the recovery task once its heartbeat stops, mailing only those not mailed yet', async () => {
    const owner = await growthOrg();
    const created = await api(server.app, owner.cookie).post(
      '/api/report-schedules',
      monthly([owner.id], ['first@killed.example', 'second@killed.example']),
    );
    // Killed after the owner and the first address were handed to the outbox, 30 s ago.
    const row = await killedMidSending(
      owner.orgId,
      created.json().id,
      [owner.email, 'first@killed.example'],
      30_000,
    );

    // Its server may still be alive: neither the sweep nor the daily job touches it yet.
    expect(await recoverStaleSendings(server.app.deps, renderer.render)).toBe(0);
    expect(await sendDueReports(server.app.deps, renderer.render, owner.orgId, '2026-12-01')).toBe(0);
    expect(mailsTo('second@killed.example')).toHaveLength(0);

    clock.advance(2 * 60_000); // no heartbeat for 2.5 minutes: the server is gone
    expect(await recoverStaleSendings(server.app.deps, renderer.render)).toBe(1);
    await smtp.waitFor('second@killed.example');
    expect(mailsTo('second@killed.example')).toHaveLength(1);
    expect(mailsTo('first@killed.example')).toHaveLength(0); // had it before the kill
    expect(mailsTo(owner.email)).toHaveLength(0);
    const [delivery] = await deliveriesOf(owner.orgId);
    expect(delivery).toMatchObject({ id: row.id, status: 'sent', error: null });
    expect(delivery.recipients).toEqual([owner.email, 'first@killed.example', 'second@killed.example']);

    // Once sent, nothing more goes out however often recovery or the day runs.
    expect(await recoverStaleSendings(server.app.deps, renderer.render)).toBe(0);
    expect(await sendDueReports(server.app.deps, renderer.render, owner.orgId, '2026-12-01')).toBe(0);
    expect(mailsTo('second@killed.example')).toHaveLength(1);
    clock.set('2026-12-01T07:00:00Z');
  });

  it('is taken over by the daily run retried after the kill', async () => {
    const owner = await growthOrg();
    const created = await api(server.app, owner.cookie).post(
      '/api/report-schedules',
      monthly([], ['daily@killed.example']),
    );
    await killedMidSending(owner.orgId, created.json().id, [], 5 * 60_000);
    await testScheduler(server.app.deps, [reportSchedulesJob(renderer.render)]).tick();
    await smtp.waitFor('daily@killed.example');
    expect(mailsTo('daily@killed.example')).toHaveLength(1);
    expect((await deliveriesOf(owner.orgId))[0]).toMatchObject({ status: 'sent' });
  });

  it('is marked failed when its schedule was deleted meanwhile', async () => {
    const owner = await growthOrg();
    const created = await api(server.app, owner.cookie).post('/api/report-schedules', monthly([owner.id]));
    const row = await killedMidSending(owner.orgId, created.json().id, [], 5 * 60_000);
    await db().update(reportDeliveries).set({ scheduleId: null }).where(eq(reportDeliveries.id, row.id));
    await recoverStaleSendings(server.app.deps, renderer.render);
    expect((await deliveriesOf(owner.orgId))[0]).toMatchObject({
      status: 'failed',
      error: 'The schedule was deleted before its report went out',
    });
  });
});

describe('report schedules API', () => {
  it('sends now for the last full period, once, with the report rendered as a PDF', async () => {
    const owner = await growthOrg();
    const client = api(server.app, owner.cookie);
    const { id } = (
      await client.post('/api/report-schedules', {
        reportKey: 'license-utilisation',
        name: 'Weekly seats',
        frequency: 'weekly',
        dayOfWeek: 5,
        recipients: { memberIds: [owner.id], emails: [] },
      })
    ).json();
    const sent = await client.post(`/api/report-schedules/${id}/send`);
    expect(sent.statusCode).toBe(200);
    // Tuesday 1 December: the last full week is Monday 23 to Sunday 29 November.
    expect(sent.json()).toMatchObject({
      scheduleId: id,
      scheduleName: 'Weekly seats',
      periodKey: '2026-W48',
      periodFrom: '2026-11-23',
      periodTo: '2026-11-29',
      status: 'sent',
      recipients: [owner.email],
    });
    const again = await client.post(`/api/report-schedules/${id}/send`);
    expect(again.statusCode).toBe(409);

    const mails = mailsTo(owner.email).filter((m) => m.subject?.includes('License utilisation'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Here is the License utilisation report for');
    expect(mails[0].text).toContain(
      'Open the report: http://localhost:3000/app/reports/license-utilisation?from=2026-11-23&to=2026-11-29',
    );
    const [pdf] = mails[0].attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 4).toString()).toBe('%PDF');
    expect((await readPdf(pdf.content)).flat().join('\n')).toContain('License utilisation');
  });

  it('edits and deletes schedules; the delivery history outlives the schedule', async () => {
    const owner = await growthOrg();
    const client = api(server.app, owner.cookie);
    const { id } = (
      await client.post('/api/report-schedules', { ...monthly([owner.id]), reportKey: 'license-utilisation' })
    ).json();
    const patched = await client.patch(`/api/report-schedules/${id}`, {
      frequency: 'quarterly',
      dayOfMonth: 5,
      name: 'Quarterly board pack',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      frequency: 'quarterly',
      dayOfMonth: 5,
      dayOfWeek: null,
      enabled: true,
      attachXlsx: false,
      nextRunOn: '2027-01-05',
    });
    // Only what the body names changes.
    const disabled = await client.patch(`/api/report-schedules/${id}`, { enabled: false });
    expect(disabled.json()).toMatchObject({ name: 'Quarterly board pack', enabled: false, nextRunOn: null });

    await client.post(`/api/report-schedules/${id}/send`);
    expect((await client.delete(`/api/report-schedules/${id}`)).statusCode).toBe(204);
    expect((await client.get('/api/report-schedules')).json()).toEqual([]);
    const history = await client.get('/api/report-schedules/deliveries');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject([
      {
        scheduleId: null,
        scheduleName: null,
        reportKey: 'license-utilisation',
        periodKey: 'FY2026-Q3',
        status: 'sent',
      },
    ]);
    const [stored] = await db().select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(stored).toBeUndefined();
  });

  it('rejects bad bodies and strangers as recipients with 400, changing nothing', async () => {
    const owner = await growthOrg();
    const outsider = await growthOrg();
    const client = api(server.app, owner.cookie);
    const bad = [
      { ...monthly([owner.id]), dayOfMonth: null },
      { ...monthly([owner.id]), dayOfMonth: 31 },
      { ...monthly([owner.id]), frequency: 'weekly' },
      { ...monthly([]), recipients: { memberIds: [], emails: [] } },
      { ...monthly([], ['not-an-email']) },
      { ...monthly([owner.id]), reportKey: 'payroll' },
      { ...monthly([owner.id]), name: '  ' },
    ];
    for (const body of bad) expect((await client.post('/api/report-schedules', body)).statusCode).toBe(400);
    const stranger = await client.post('/api/report-schedules', monthly([outsider.id]));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toContain('Not a member of this organization');
    expect((await client.get('/api/report-schedules')).json()).toEqual([]);

    const { id } = (await client.post('/api/report-schedules', monthly([owner.id]))).json();
    expect((await client.patch(`/api/report-schedules/${id}`, { frequency: 'weekly' })).statusCode).toBe(400);
    expect(
      (await client.patch(`/api/report-schedules/${id}`, { recipients: { memberIds: [outsider.id] } }))
        .statusCode,
    ).toBe(400);
    expect((await client.get('/api/report-schedules')).json()[0]).toMatchObject({
      frequency: 'monthly',
      recipients: { memberIds: [owner.id] },
    });
  });

  it('answers 404 for another organization’s schedule', async () => {
    const owner = await growthOrg();
    const other = await growthOrg();
    const { id } = (
      await api(server.app, other.cookie).post('/api/report-schedules', monthly([other.id]))
    ).json();
    const client = api(server.app, owner.cookie);
    expect((await client.patch(`/api/report-schedules/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await client.delete(`/api/report-schedules/${id}`)).statusCode).toBe(404);
    expect((await client.post(`/api/report-schedules/${id}/send`)).statusCode).toBe(404);
    expect((await client.get('/api/report-schedules/deliveries')).json()).toEqual([]);
    const [kept] = await db().select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(kept.name).toBe('Monthly board pack');
  });

  it('needs the Growth plan, and owners or admins to change schedules', async () => {
    const starter = await buildOrgOwner(server.app);
    await setPlan(db(), starter.orgId, 'starter');
    const res = await api(server.app, starter.cookie).get('/api/report-schedules');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('plan_required');

    const owner = await growthOrg();
    const member = await addMember(server.app, db(), owner.orgId, 'member');
    const viewer = await addMember(server.app, db(), owner.orgId, 'viewer');
    const { id } = (
      await api(server.app, owner.cookie).post('/api/report-schedules', monthly([owner.id]))
    ).json();
    for (const user of [member, viewer]) {
      const client = api(server.app, user.cookie);
      expect((await client.get('/api/report-schedules')).statusCode).toBe(200);
      expect((await client.get('/api/report-schedules/deliveries')).statusCode).toBe(200);
      expect((await client.post('/api/report-schedules', monthly([owner.id]))).statusCode).toBe(403);
      expect((await client.patch(`/api/report-schedules/${id}`, { name: 'x' })).statusCode).toBe(403);
      expect((await client.post(`/api/report-schedules/${id}/send`)).statusCode).toBe(403);
      expect((await client.delete(`/api/report-schedules/${id}`)).statusCode).toBe(403);
    }
  });
});
