// The whole path of a forwarded invoice (issue 18): nodemailer → the SMTP receiver → stored →
// the queued job reads it → the application and the expense with the invoice attached; and a
// crash between storing and booking, after which the job's retry books it once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expenses, inboundMessages, subscriptions } from '../../db/schema';
import { startSmtpReceiver, type SmtpReceiver } from '../../email/inbound/smtp-receiver';
import { fixedClock } from '../../lib/clock';
import { api } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { invoiceCorpus } from './fixtures/corpus';
import { orgWithAddress, sendRawMail } from './inbound.test-helpers';
import { processInboundMessage } from './process';

let server: TestServer;
let receiver: SmtpReceiver;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-03-20T09:00:00Z') });
  receiver = await startSmtpReceiver(server.app.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const db = () => server.database.db;
const corpusMessage = (id: string) => invoiceCorpus.find((e) => e.id === id)!.build();

const mail = (to: string, raw: Buffer) =>
  sendRawMail(receiver.port, { from: 'billing@vendor.example', to }, raw);

describe('a forwarded invoice, end to end', () => {
  it('arrives by SMTP, is read by the job and booked: application, expense, invoice attached', async () => {
    const org = await orgWithAddress(server);
    await mail(org.address, await corpusMessage('slack-businessplus-monthly'));
    await server.app.deps.queue.drain();

    const [message] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.organizationId, org.orgId));
    expect(message).toMatchObject({
      state: 'imported',
      transport: 'smtp',
      kind: 'invoice',
      vendorKey: 'slack',
    });
    const apps = await db().select().from(subscriptions).where(eq(subscriptions.organizationId, org.orgId));
    expect(apps).toEqual([
      expect.objectContaining({ name: 'Slack', catalogSlug: 'slack', id: message!.subscriptionId }),
    ]);
    const [expense] = await db().select().from(expenses).where(eq(expenses.organizationId, org.orgId));
    expect(expense).toMatchObject({
      id: message!.expenseId,
      source: 'invoice',
      subscriptionId: message!.subscriptionId,
      amountMinor: message!.totalMinor,
      invoiceNumber: message!.invoiceNumber,
      documentType: 'application/pdf',
    });
    const client = api(server.app, org.cookie);
    const inbox = (await client.get('/api/invoice-forwarding/messages')).json();
    expect(inbox.counts).toEqual({ imported: 1 });
    const setup = (await client.get('/api/invoice-forwarding')).json().setup;
    expect(setup).toMatchObject({ receivedAny: true, importedCount: 1 });

    // The same invoice again (another Message-ID: a colleague's forward) books nothing more.
    await mail(
      org.address,
      await corpusMessage('slack-businessplus-monthly').then((b) => withMessageId(b, 'again')),
    );
    await server.app.deps.queue.drain();
    expect((await client.get('/api/invoice-forwarding/messages')).json().counts).toEqual({
      imported: 1,
      duplicate: 1,
    });
    expect(await db().select().from(expenses).where(eq(expenses.organizationId, org.orgId))).toHaveLength(1);
  });

  it('a crash after storing, mid-processing: the retry books once, a later run does nothing', async () => {
    const org = await orgWithAddress(server);
    const storage = server.app.deps.storage;
    // The job's read of the stored message dies once (the SMTP receiver's own reads of its staged copy do not).
    const realGet = storage.get.bind(storage);
    let died = false;
    const get = vi.spyOn(storage, 'get').mockImplementation(async (key) => {
      if (died || !key.startsWith(`${org.orgId}/inbound/`)) return realGet(key);
      died = true;
      throw new Error('server died');
    });
    await mail(org.address, await corpusMessage('zoom-workplace-business'));
    await server.app.deps.queue.drain().catch(() => undefined);
    get.mockRestore();
    const [stored] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.organizationId, org.orgId));
    expect(stored).toMatchObject({ state: 'received', attempts: 1 });

    // What the queue's retry (or a second server) runs.
    await processInboundMessage(server.app.deps, org.orgId, stored!.id);
    await processInboundMessage(server.app.deps, org.orgId, stored!.id);
    const [after] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.organizationId, org.orgId));
    expect(after).toMatchObject({ state: 'imported', attempts: 2 });
    expect(await db().select().from(expenses).where(eq(expenses.organizationId, org.orgId))).toHaveLength(1);
  });
});

/** The same bytes under another Message-ID. */
function withMessageId(raw: Buffer, suffix: string): Buffer {
  return Buffer.from(
    raw.toString('latin1').replace(/^Message-ID: <([^>]+)>/im, `Message-ID: <$1.${suffix}>`),
    'latin1',
  );
}
