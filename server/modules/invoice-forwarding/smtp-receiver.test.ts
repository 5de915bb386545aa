import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INBOUND_MAX_BYTES } from '../../../common/contracts/invoice-forwarding';
import { processInboundMessage } from './process';
import { mime, orgWithAddress, readStored, storedMessages } from './inbound.test-helpers';
import { api } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { MAX_RECEIVING, startSmtpReceiver, type SmtpReceiver } from '../../email/inbound/smtp-receiver';

// The processing job's work is the booking branch's: here, that the job runs it for the stored row.
vi.mock('./process', () => ({
  processInboundMessage: vi.fn(async () => undefined),
}));

let server: TestServer;
let receiver: SmtpReceiver;

const transport = (port: number, extra: Record<string, unknown> = {}) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...extra });

beforeAll(async () => {
  server = await getTestServer({ env: { INBOUND_RATE_PER_HOUR: '3' } });
  receiver = await startSmtpReceiver(server.app.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

describe('the SMTP receiver', () => {
  it('stores a message, then its job processes it (nodemailer → receiver → row, raw file, job)', async () => {
    const org = await orgWithAddress(server);
    const info = await transport(receiver.port).sendMail({
      from: 'Billing <billing@zoom.us>',
      to: org.address,
      subject: 'Zoom invoice INV-42',
      text: 'Total USD 15.99',
      messageId: '<inv-42@zoom.us>',
      attachments: [{ filename: 'invoice.pdf', content: Buffer.from('%PDF-1.4 fake') }],
    });
    expect(info.accepted).toEqual([org.address]);
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({
      state: 'received',
      transport: 'smtp',
      messageId: 'inv-42@zoom.us',
      fromAddress: 'Billing <billing@zoom.us>',
      toAddress: org.address,
      subject: 'Zoom invoice INV-42',
      rawKey: `${org.orgId}/inbound/${row.id}.eml`,
    });
    const raw = await readStored(server, row.rawKey);
    expect(raw).toContain('Subject: Zoom invoice INV-42');
    expect(raw).toContain('filename=invoice.pdf');
    expect(row.rawSize).toBe(Buffer.byteLength(raw!));
    await server.app.deps.queue.drain();
    expect(processInboundMessage).toHaveBeenCalledWith(expect.anything(), org.orgId, row.id);
  });

  it('refuses an unknown recipient at RCPT time with 550, storing nothing', async () => {
    const org = await orgWithAddress(server);
    const unknown = org.address.replace(/\+[a-z0-9]+@/, '+0000000000000000000000ff@');
    const error = await transport(receiver.port)
      .sendMail({ from: 'a@b.com', to: unknown, subject: 'x', text: 'x' })
      .catch((e: { responseCode?: number; response?: string }) => e);
    expect(error).toMatchObject({ responseCode: 550 });
    expect((error as { response: string }).response).toContain('No such mailbox');
    const wrongDomain = org.address.replace(/@.*$/, '@elsewhere.example');
    const other = await transport(receiver.port)
      .sendMail({ from: 'a@b.com', to: wrongDomain, subject: 'x', text: 'x' })
      .catch((e: { responseCode?: number }) => e);
    expect(other).toMatchObject({ responseCode: 550 });
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
  });

  it('refuses a message over 25 MB with 552', async () => {
    const org = await orgWithAddress(server);
    const error = await transport(receiver.port)
      .sendMail({
        from: 'a@b.com',
        to: org.address,
        subject: 'huge',
        // Plain text, so its size on the wire is its size: just over the limit.
        text: 'x'.repeat(INBOUND_MAX_BYTES + 10),
      })
      .catch((e: { responseCode?: number }) => e);
    expect(error).toMatchObject({ responseCode: 552 });
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
    expect(readdirSync(path.join(server.env.filesDir, 'inbound-staging'))).toEqual([]);
  });

  it('streams a large message to the storage whole, keeping no staged copy, accepted or refused', async () => {
    const org = await orgWithAddress(server);
    const raw = Buffer.concat([
      mime({ to: org.address, messageId: 'big@vendor.example', subject: 'Big invoice' }),
      Buffer.from(`${'y'.repeat(998)}\r\n`.repeat(20_000)),
    ]);
    await transport(receiver.port).sendMail({ envelope: { from: 'a@b.com', to: [org.address] }, raw });
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({ subject: 'Big invoice', messageId: 'big@vendor.example', rawSize: raw.length });
    expect(row.rawSha256).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(await readStored(server, row.rawKey)).toBe(raw.toString('utf8'));
    const staging = path.join(server.env.filesDir, 'inbound-staging');
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  });

  it('takes many messages at once (more than it receives side by side), each stored once', async () => {
    // Three messages per organization: the hourly rate of these tests.
    const orgs: Array<Awaited<ReturnType<typeof orgWithAddress>>> = [];
    for (let n = 0; n < Math.ceil((MAX_RECEIVING + 4) / 3); n++) orgs.push(await orgWithAddress(server));
    const many = Array.from({ length: orgs.length * 3 }, (_, i) => ({ i, org: orgs[i % orgs.length] }));
    const sent = await Promise.all(
      many.map(({ i, org }) =>
        transport(receiver.port).sendMail({
          envelope: { from: 'a@b.com', to: [org.address] },
          raw: mime({ to: org.address, messageId: `many-${i}@vendor.example`, subject: `m${i}` }),
        }),
      ),
    );
    expect(sent.every((info) => info.accepted.length === 1)).toBe(true);
    for (const org of orgs) {
      const rows = await storedMessages(server, org.orgId);
      const expected = many.filter((m) => m.org === org).map(({ i }) => `m${i}`);
      expect(rows.map((r) => r.subject).sort()).toEqual(expected.sort());
    }
  });

  it('refuses mail past the hourly rate with 452 (the sender retries later)', async () => {
    const org = await orgWithAddress(server);
    for (let i = 0; i < 3; i += 1) {
      await transport(receiver.port).sendMail({
        from: 'a@b.com',
        to: org.address,
        subject: `n${i}`,
        text: 'x',
      });
    }
    const error = await transport(receiver.port)
      .sendMail({ from: 'a@b.com', to: org.address, subject: 'n4', text: 'x' })
      .catch((e: { responseCode?: number }) => e);
    expect(error).toMatchObject({ responseCode: 452 });
    expect(await storedMessages(server, org.orgId)).toHaveLength(3);
  });

  it('refuses the old address once it is regenerated', async () => {
    const org = await orgWithAddress(server);
    const regenerated = await api(server.app, org.cookie).post('/api/invoice-forwarding/regenerate');
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().address as string;
    expect(fresh).not.toBe(org.address);
    const old = await transport(receiver.port)
      .sendMail({ from: 'a@b.com', to: org.address, subject: 'old', text: 'x' })
      .catch((e: { responseCode?: number }) => e);
    expect(old).toMatchObject({ responseCode: 550 });
    await transport(receiver.port).sendMail({ from: 'a@b.com', to: fresh, subject: 'new', text: 'x' });
    expect((await storedMessages(server, org.orgId)).map((m) => m.subject)).toEqual(['new']);
  });

  it('takes the same Message-ID once', async () => {
    const org = await orgWithAddress(server);
    const raw = mime({ to: org.address, messageId: 'twice@vendor.example' });
    for (let i = 0; i < 2; i += 1) {
      await transport(receiver.port).sendMail({ envelope: { from: 'a@b.com', to: [org.address] }, raw });
    }
    expect(await storedMessages(server, org.orgId)).toHaveLength(1);
  });
});

describe('the SMTP receiver with a certificate', () => {
  let dir: string;
  let tlsReceiver: SmtpReceiver;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'smtp-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    tlsReceiver = await startSmtpReceiver(server.app.deps, {
      port: 0,
      host: '127.0.0.1',
      tls: { key: readFileSync(key), cert: readFileSync(cert) },
    });
  });
  afterAll(async () => {
    await tlsReceiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers STARTTLS and receives over it', async () => {
    const org = await orgWithAddress(server);
    const client = transport(tlsReceiver.port, {
      ignoreTLS: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    await client.sendMail({ from: 'a@b.com', to: org.address, subject: 'over TLS', text: 'x' });
    expect((await storedMessages(server, org.orgId)).map((m) => m.subject)).toEqual(['over TLS']);
  });

  it('does not offer STARTTLS without one', async () => {
    const org = await orgWithAddress(server);
    const error = await transport(receiver.port, { ignoreTLS: false, requireTLS: true })
      .sendMail({ from: 'a@b.com', to: org.address, subject: 'x', text: 'x' })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
  });
});
