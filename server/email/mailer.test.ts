import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { startSmtpServer } from '../test/smtp';
import { openTestDatabase } from '../test/test-server';
import type { Database } from '../db/client';
import { createMailer } from './mailer';
import { postgresStorage } from '../lib/storage/postgres';
import pino from 'pino';

const logger = pino({ level: 'silent' });
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('mailer', () => {
  it('keeps a logged outbox row when no SMTP server is configured', async () => {
    const mailer = createMailer({
      db: database.db,
      from: 'x@y.z',
      logger,
      clock: fixedClock('2026-01-01T00:00:00Z'),
    });
    await mailer.send({ to: 'nobody@example.com', subject: 'Hello', text: 'Link: http://localhost/x' });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.to, 'nobody@example.com'));
    expect(row).toMatchObject({ status: 'logged', subject: 'Hello', attempts: 1 });
  });

  it('records a failed send with a back-off, then delivers it on retry once the server answers', async () => {
    const smtp = await startSmtpServer();
    const port = Number(new URL(smtp.url).port);
    await smtp.close(); // nothing listens there now
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const down = createMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@y.z',
      logger,
      clock,
    });
    await down.send({ to: 'retry@example.com', subject: 'Retry me', text: 'body' });
    const [failed] = await database.db.select().from(outbox).where(eq(outbox.to, 'retry@example.com'));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(await down.retryFailed()).toBe(0); // back-off not over yet

    const live = await startSmtpServer();
    const up = createMailer({ db: database.db, smtpUrl: live.url, from: 'x@y.z', logger, clock });
    clock.advance(10 * 60 * 1000);
    expect(await up.retryFailed()).toBe(1);
    expect((await live.waitFor('retry@example.com')).subject).toBe('Retry me');
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.to, 'retry@example.com'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null });
    up.close();
    down.close();
    await live.close();
  });

  it('sends a failed message once when several servers retry it at the same moment', async () => {
    const clock = fixedClock('2026-02-01T00:00:00Z');
    const [row] = await database.db
      .insert(outbox)
      .values({ to: 'once@example.com', subject: 'Once', text: 'body', status: 'failed', attempts: 1 })
      .returning();
    const smtp = await startSmtpServer();
    const servers = [1, 2, 3].map(() =>
      createMailer({ db: database.db, smtpUrl: smtp.url, from: 'x@y.z', logger, clock }),
    );
    const attempted = await Promise.all(servers.map((mailer) => mailer.retryFailed()));
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(1);
    await smtp.waitFor('once@example.com');
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes('once@example.com'))).toHaveLength(1);
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    for (const mailer of servers) mailer.close();
    await smtp.close();
  });

  it('attaches files from the storage, and still attaches them when a failed send is retried', async () => {
    const storage = postgresStorage(database.db);
    const pdf = Buffer.from('%PDF-1.7 report body');
    await storage.put('org-1/report-deliveries/d1.pdf', pdf, { contentType: 'application/pdf' });
    const clock = fixedClock('2026-03-01T00:00:00Z');
    const probe = await startSmtpServer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const down = createMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@y.z',
      logger,
      clock,
      storage,
    });
    const attachments = [
      {
        filename: 'report.pdf',
        contentType: 'application/pdf',
        storageKey: 'org-1/report-deliveries/d1.pdf',
      },
    ];
    await down.send({ to: 'attach@example.com', subject: 'Report', text: 'See attached', attachments });
    const [failed] = await database.db.select().from(outbox).where(eq(outbox.to, 'attach@example.com'));
    expect(failed).toMatchObject({ status: 'failed', attachments });

    // Another server (a restart) retries from the outbox row alone.
    const smtp = await startSmtpServer();
    const up = createMailer({ db: database.db, smtpUrl: smtp.url, from: 'x@y.z', logger, clock, storage });
    clock.advance(10 * 60 * 1000);
    expect(await up.retryFailed()).toBe(1);
    const mail = await smtp.waitFor('attach@example.com');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('report.pdf');
    expect(mail.attachments[0].content.equals(pdf)).toBe(true);

    // A missing file fails the attempt (kept for a retry) instead of sending without it.
    await up.send({
      to: 'lost@example.com',
      subject: 'Lost',
      text: 'body',
      attachments: [{ filename: 'x.pdf', contentType: 'application/pdf', storageKey: 'org-1/missing.pdf' }],
    });
    const [lost] = await database.db.select().from(outbox).where(eq(outbox.to, 'lost@example.com'));
    expect(lost).toMatchObject({
      status: 'failed',
      error: 'Attachment x.pdf is missing from the file storage',
    });
    up.close();
    down.close();
    await smtp.close();
  });
});
