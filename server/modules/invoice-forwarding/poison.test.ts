// Issue 30: "one forwarded e-mail with a NUL byte kills the server process, and again after each
// restart". NUL (and invalid UTF-8) in the subject, the body or both, by HTTP and by SMTP: every
// message is read and settled, nothing stored holds a NUL, nothing goes unhandled, the server
// answers. A message whose processing keeps failing is set aside as `failed` after 3 attempts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, inboundMessages } from '../../db/schema';
import { startSmtpReceiver, type SmtpReceiver } from '../../email/inbound/smtp-receiver';
import { QUEUE_SCHEMA } from '../../lib/queue/job-queue';
import { api } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { sweepReceivedMessages } from './inbound.job';
import { orgWithAddress, sendRawMail, storedMessages } from './inbound.test-helpers';
import { INBOUND_MAX_ATTEMPTS } from '../../../common/contracts/invoice-forwarding';
import { processInboundMessage } from './process';

const SECRET = 'inbound-secret-0123456789';
let server: TestServer;
let receiver: SmtpReceiver;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  server = await getTestServer({ env: { INBOUND_HTTP_SECRET: SECRET } });
  receiver = await startSmtpReceiver(server.app.deps, { port: 0, host: '127.0.0.1' });
  // The reader loads on first use; loaded here so the first message's job is not the slow one.
  await import('./extract');
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await receiver.close();
  await server.close();
});

const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]);
const bytes = (...parts: Array<string | Buffer>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));

/** A forwarded invoice with `subject` and `body` as given, byte for byte. */
function poisonMessage(to: string, n: string, subject: Buffer, body: Buffer): Buffer {
  return bytes(
    'From: Billing <billing@atlassian.com>\r\n',
    `To: ${to}\r\n`,
    'Subject: ',
    subject,
    '\r\n',
    `Message-ID: <poison-${n}\u0000@atlassian.com>\r\n`,
    'Date: Tue, 03 Nov 2026 09:00:00 +0000\r\n',
    'MIME-Version: 1.0\r\n',
    'Content-Type: text/plain; charset=utf-8\r\n',
    '\r\n',
    body,
    '\r\n',
  );
}

const CASES: Array<{ name: string; subject: Buffer; body: Buffer }> = [
  { name: 'subject', subject: bytes('Invoice AT-\u00001001'), body: bytes('Total: USD 120.00') },
  { name: 'body', subject: bytes('Invoice AT-1002'), body: bytes('Invoice AT-1002\u0000 Total: USD 120.00') },
  { name: 'both', subject: bytes('\u0000Invoice\u0000'), body: bytes('\u0000'.repeat(50), 'USD 9.00') },
  {
    name: 'encoded-nul',
    subject: bytes('=?utf-8?B?', Buffer.from('Invoice \u0000 AT-1004').toString('base64'), '?='),
    body: bytes('Total: USD 120.00'),
  },
  {
    name: 'invalid-utf8',
    subject: bytes('Invoice ', INVALID_UTF8),
    body: bytes('Total ', INVALID_UTF8, ' USD 120.00 \u0000'),
  },
];

const sendSmtp = (to: string, raw: Buffer) =>
  sendRawMail(receiver.port, { from: 'billing@atlassian.com', to }, raw);

const postRaw = (raw: Buffer) =>
  server.app.inject({
    method: 'POST',
    url: '/api/inbound/raw',
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
    payload: raw,
  });

/** Every attempt that is waiting for its back-off runs now. */
async function runRetriesNow() {
  await server.database.query(
    `update ${QUEUE_SCHEMA}.job set start_after = now() where name = 'inbound-message' and state = 'retry'`,
  );
  await server.app.deps.queue.drain(120_000);
}

describe('poison messages', () => {
  it('NUL and invalid UTF-8 by HTTP and SMTP: every message settles, nothing stored holds a NUL', async () => {
    const org = await orgWithAddress(server);
    for (const c of CASES) {
      const http = await postRaw(poisonMessage(org.address, `${c.name}-raw`, c.subject, c.body));
      expect(http.statusCode, `${c.name}: ${http.body}`).toBe(200);
      const smtp = await sendSmtp(
        org.address,
        poisonMessage(org.address, `${c.name}-smtp`, c.subject, c.body),
      );
      expect(smtp.accepted, c.name).toEqual([org.address]);
    }
    await server.app.deps.queue.drain(120_000);

    const rows = await storedMessages(server, org.orgId);
    expect(rows).toHaveLength(CASES.length * 2);
    for (const row of rows) {
      expect(row.state, row.subject).not.toBe('received');
      expect(row.attempts).toBe(1);
      // JSON.stringify writes a NUL as \u0000 and a lone surrogate as \udxxx.
      expect(JSON.stringify(row)).not.toMatch(/\\u0000|\\ud[89a-f][0-9a-f]{2}/i);
    }
    expect(rows.map((r) => r.messageId).sort()).toContain('poison-subject-raw@atlassian.com');
    expect(rows.find((r) => r.messageId === 'poison-subject-raw@atlassian.com')?.subject).toBe(
      'Invoice AT-1001',
    );
    expect(rows.find((r) => r.messageId === 'poison-encoded-nul-smtp@atlassian.com')?.subject).toBe(
      'Invoice  AT-1004',
    );
    const audits = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, org.orgId));
    expect(JSON.stringify(audits)).not.toContain('\\u0000');
    expect(await server.app.deps.queue.failedJobs(org.orgId)).toEqual([]);

    // The server still answers, the inbox lists every message.
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const inbox = await api(server.app, org.cookie).get('/api/invoice-forwarding/messages');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().messages).toHaveLength(CASES.length * 2);
    expect(unhandled).toEqual([]);
  });

  it(`sets a message aside as failed after ${INBOUND_MAX_ATTEMPTS} failed attempts, shown in the inbox and in Operations`, async () => {
    const org = await orgWithAddress(server);
    const storage = server.app.deps.storage;
    const get = vi.spyOn(storage, 'get').mockRejectedValue(new Error('disk says \u0000 no'));
    try {
      const response = await postRaw(
        poisonMessage(org.address, 'quarantine', bytes('Invoice Q-1'), bytes('USD 1.00')),
      );
      expect(response.statusCode).toBe(200);
      await server.app.deps.queue.drain(120_000);
      for (let attempt = 2; attempt <= INBOUND_MAX_ATTEMPTS; attempt += 1) await runRetriesNow();
    } finally {
      get.mockRestore();
    }
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({
      state: 'failed',
      attempts: INBOUND_MAX_ATTEMPTS,
      reason: `Could not be processed after ${INBOUND_MAX_ATTEMPTS} attempts: disk says  no`,
    });
    // Never retried again: the queue has no attempt left, and processing it again does nothing.
    await processInboundMessage(server.app.deps, org.orgId, row.id);
    expect((await storedMessages(server, org.orgId))[0]).toMatchObject({ state: 'failed', attempts: 3 });

    const client = api(server.app, org.cookie);
    const inbox = (await client.get('/api/invoice-forwarding/messages')).json();
    expect(inbox.messages[0]).toMatchObject({ id: row.id, state: 'failed', reason: row.reason });
    const operations = await client.get('/api/operations/failed-jobs');
    expect(operations.statusCode).toBe(200);
    expect(operations.json().items).toEqual([
      expect.objectContaining({
        queue: 'inbound-message',
        attempts: INBOUND_MAX_ATTEMPTS,
        error: row.reason,
        description: expect.stringContaining('forwarded e-mail'),
      }),
    ]);
    expect(unhandled).toEqual([]);
  });

  it('sets aside a message whose attempts all stopped mid-way (a crash loop), through the sweep', async () => {
    const org = await orgWithAddress(server);
    const longAgo = new Date(Date.now() - 60 * 60_000);
    const [row] = await server.database.db
      .insert(inboundMessages)
      .values({
        organizationId: org.orgId,
        state: 'received',
        transport: 'raw',
        fromAddress: 'billing@atlassian.com',
        toAddress: org.address,
        subject: 'Invoice that stops the reader',
        receivedAt: longAgo,
        updatedAt: longAgo,
        attempts: INBOUND_MAX_ATTEMPTS,
        rawKey: `${org.orgId}/inbound/missing.eml`,
        rawSize: 10,
        rawSha256: 'x'.repeat(64),
      })
      .returning();
    expect(await sweepReceivedMessages(server.app.deps)).toBeGreaterThanOrEqual(1);
    await server.app.deps.queue.drain(120_000);
    const [after] = await server.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.id, row.id));
    expect(after).toMatchObject({
      state: 'failed',
      attempts: INBOUND_MAX_ATTEMPTS,
      reason: `Set aside after ${INBOUND_MAX_ATTEMPTS} attempts that did not finish`,
    });
  });
});
