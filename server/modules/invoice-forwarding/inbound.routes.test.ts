import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INBOUND_MAX_BYTES } from '../../../common/contracts/invoice-forwarding';
import { api } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { mime, orgWithAddress, readStored, storedMessages } from './inbound.test-helpers';
import { processInboundMessage } from './process';

vi.mock('./process', () => ({ processInboundMessage: vi.fn(async () => undefined) }));

const SECRET = 'inbound-secret-0123456789';
const MAILGUN_KEY = 'mailgun-signing-key-abc';
let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({
    env: { INBOUND_HTTP_SECRET: SECRET, MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY },
  });
});
afterAll(() => server.close());

const basic = (password: string) => `Basic ${Buffer.from(`inbound:${password}`).toString('base64')}`;

const postRaw = (raw: Buffer, options: { secret?: string; query?: string } = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/api/inbound/raw${options.query ?? ''}`,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${options.secret ?? SECRET}` },
    payload: raw,
  });

/** A multipart/form-data body as a provider sends it (the platform's FormData encoder). */
async function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Buffer }> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files))
    form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

describe('POST /api/inbound/raw', () => {
  it('stores a message sent with the secret and queues its processing', async () => {
    const org = await orgWithAddress(server);
    const response = await postRaw(mime({ to: org.address, messageId: 'raw-1@atlassian.com' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: true, messages: 1 });
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({ transport: 'raw', state: 'received', messageId: 'raw-1@atlassian.com' });
    expect(await readStored(server, row.rawKey)).toContain('Invoice AT-1001');
    await server.app.deps.queue.drain();
    expect(processInboundMessage).toHaveBeenCalledWith(expect.anything(), org.orgId, row.id);
  });

  it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
    const org = await orgWithAddress(server);
    expect((await postRaw(mime({ to: org.address }), { secret: 'wrong-secret-0123456789' })).statusCode).toBe(
      401,
    );
    const none = await server.app.inject({
      method: 'POST',
      url: '/api/inbound/raw',
      headers: { 'content-type': 'message/rfc822' },
      payload: mime({ to: org.address }),
    });
    expect(none.statusCode).toBe(401);
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
  });

  it('finds the address in Delivered-To (an auto-forward keeps the original To) or in ?to=', async () => {
    const org = await orgWithAddress(server);
    const forwarded = mime({
      to: 'finance@acme.example',
      extra: `Delivered-To: ${org.address.toUpperCase()}`,
    });
    expect((await postRaw(forwarded)).statusCode).toBe(200);
    const plain = mime({ to: 'finance@acme.example' });
    expect((await postRaw(plain)).statusCode).toBe(422);
    expect((await postRaw(plain, { query: `?to=${encodeURIComponent(org.address)}` })).statusCode).toBe(200);
    expect(await storedMessages(server, org.orgId)).toHaveLength(2);
  });

  it('takes the same Message-ID once: one row, one stored file', async () => {
    const org = await orgWithAddress(server);
    const raw = mime({ to: org.address, messageId: 'same@vendor.example' });
    expect((await postRaw(raw)).json()).toEqual({ accepted: true, messages: 1 });
    expect((await postRaw(raw)).json()).toEqual({ accepted: true, messages: 1, duplicate: true });
    const rows = await storedMessages(server, org.orgId);
    expect(rows).toHaveLength(1);
    expect(await readStored(server, rows[0].rawKey)).not.toBeNull();
    // The second copy's file was deleted once the row was found to exist.
    expect(readdirSync(path.join(server.env.filesDir, org.orgId, 'inbound'))).toEqual([`${rows[0].id}.eml`]);
  });

  it('routes a token to its organization only; another organization never sees that address', async () => {
    const a = await orgWithAddress(server);
    const b = await orgWithAddress(server);
    expect((await postRaw(mime({ to: a.address }))).statusCode).toBe(200);
    expect(await storedMessages(server, a.orgId)).toHaveLength(1);
    expect(await storedMessages(server, b.orgId)).toHaveLength(0);
    const seenByB = await api(server.app, b.cookie).get('/api/invoice-forwarding');
    expect(seenByB.json().address).toBe(b.address);
    expect(seenByB.body).not.toContain(a.address.split('@')[0]);
    expect(seenByB.json().recentMessages).toEqual([]);
  });

  it('refuses an unknown token (422) and a message over 25 MB (413)', async () => {
    const unknown = 'invoices+ffffffffffffffffffffffff@inbound.localhost';
    const refused = await postRaw(mime({ to: unknown }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'No such mailbox.', code: 'unknown_recipient' });
    const org = await orgWithAddress(server);
    const huge = Buffer.concat([mime({ to: org.address }), Buffer.alloc(INBOUND_MAX_BYTES, 0x61)]);
    expect((await postRaw(huge)).statusCode).toBe(413);
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
  });

  it('answers 404 when INBOUND_HTTP_SECRET is not set', async () => {
    const bare = await getTestServer({ database: server.database });
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/inbound/raw',
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
        payload: mime({ to: 'x@y.z' }),
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/inbound/postmark', () => {
  // Shaped like Postmark's documented inbound webhook example.
  const payload = (to: string, overrides: Record<string, unknown> = {}) => ({
    From: 'billing@notion.so',
    FromName: 'Notion',
    FromFull: { Email: 'billing@notion.so', Name: 'Notion', MailboxHash: '' },
    To: `"Invoices" <${to}>`,
    ToFull: [{ Email: to, Name: 'Invoices', MailboxHash: to.split('+')[1]?.split('@')[0] ?? '' }],
    Cc: '',
    CcFull: [],
    Bcc: '',
    BccFull: [],
    OriginalRecipient: to,
    Subject: 'Your Notion receipt #2026-0042',
    MessageID: randomBytes(8).toString('hex'),
    ReplyTo: '',
    MailboxHash: '',
    Date: 'Tue, 3 Nov 2026 09:00:00 +0000',
    TextBody: 'Receipt #2026-0042 Total $96.00',
    HtmlBody: '<p>Receipt #2026-0042 <b>Total $96.00</b></p>',
    StrippedTextReply: '',
    Tag: '',
    Headers: [
      { Name: 'X-Spam-Status', Value: 'No' },
      { Name: 'Message-ID', Value: `<${randomBytes(6).toString('hex')}@mail.notion.so>` },
    ],
    Attachments: [
      {
        Name: 'receipt.pdf',
        Content: Buffer.from('%PDF-1.4 receipt').toString('base64'),
        ContentType: 'application/pdf',
        ContentLength: 16,
      },
    ],
    ...overrides,
  });
  const post = (body: object, password = SECRET) =>
    server.app.inject({
      method: 'POST',
      url: '/api/inbound/postmark',
      headers: { 'content-type': 'application/json', authorization: basic(password) },
      payload: body,
    });

  it('rebuilds the message from the JSON (attachments included) and stores it', async () => {
    const org = await orgWithAddress(server);
    const response = await post(payload(org.address));
    expect(response.statusCode).toBe(200);
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({ transport: 'postmark', subject: 'Your Notion receipt #2026-0042' });
    expect(row.messageId).toMatch(/@mail\.notion\.so$/);
    const raw = await readStored(server, row.rawKey);
    expect(raw).toContain('receipt.pdf');
    expect(raw).toContain(Buffer.from('%PDF-1.4 receipt').toString('base64'));
    expect(raw).toContain('X-Spam-Status: No');
  });

  it('uses RawEmail when Postmark includes it', async () => {
    const org = await orgWithAddress(server);
    const rawEmail = mime({ to: org.address, messageId: 'pm-raw@vendor.example' }).toString();
    expect((await post(payload(org.address, { RawEmail: rawEmail }))).statusCode).toBe(200);
    const [row] = await storedMessages(server, org.orgId);
    expect(await readStored(server, row.rawKey)).toBe(rawEmail);
  });

  it('refuses bad Basic auth with 401, an unknown address with 403 (Postmark stops retrying)', async () => {
    const org = await orgWithAddress(server);
    expect((await post(payload(org.address), 'not-the-secret-at-all')).statusCode).toBe(401);
    const unknown = await post(payload('invoices+abababababababababababab@inbound.localhost'));
    expect(unknown.statusCode).toBe(403);
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
  });

  it('accepts a JSON body larger than the API default of 1 MB', async () => {
    const org = await orgWithAddress(server);
    const big = payload(org.address, {
      Attachments: [
        {
          Name: 'scan.png',
          Content: randomBytes(2 * 1024 * 1024).toString('base64'),
          ContentType: 'image/png',
        },
      ],
    });
    expect((await post(big)).statusCode).toBe(200);
    expect(await storedMessages(server, org.orgId)).toHaveLength(1);
  });
});

describe('POST /api/inbound/mailgun', () => {
  const sign = (
    timestamp = Math.floor(Date.now() / 1000),
    token = randomBytes(25).toString('hex'),
    key = MAILGUN_KEY,
  ) => ({
    timestamp: String(timestamp),
    token,
    signature: createHmac('sha256', key).update(`${timestamp}${token}`).digest('hex'),
  });
  const post = async (
    url: string,
    fields: Record<string, string>,
    files?: Parameters<typeof multipart>[1],
  ) => {
    const body = await multipart(fields, files);
    return server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('stores the raw message posted to the URL ending in mime (body-mime)', async () => {
    const org = await orgWithAddress(server);
    const raw = mime({ to: org.address, messageId: 'mg-mime@vendor.example' }).toString();
    const response = await post('/api/inbound/mailgun/mime', {
      recipient: org.address,
      sender: 'billing@vendor.example',
      from: 'Billing <billing@vendor.example>',
      subject: 'Your Atlassian invoice AT-1001',
      'body-mime': raw,
      ...sign(),
    });
    expect(response.statusCode).toBe(200);
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({ transport: 'mailgun', messageId: 'mg-mime@vendor.example' });
    expect(await readStored(server, row.rawKey)).toBe(raw);
  });

  it('rebuilds a parsed post (fields, message-headers, attachment-1)', async () => {
    const org = await orgWithAddress(server);
    const response = await post(
      '/api/inbound/mailgun',
      {
        recipient: org.address,
        sender: 'invoice+statements@stripe.com',
        from: 'Figma <invoice+statements@stripe.com>',
        subject: 'Your receipt from Figma #1234-5678',
        'body-plain': 'Amount paid $45.00',
        'body-html': '<p>Amount paid $45.00</p>',
        'message-headers': JSON.stringify([
          ['To', org.address],
          ['Message-Id', '<receipt-1234@stripe.com>'],
          ['Subject', 'Your receipt from Figma #1234-5678'],
        ]),
        'attachment-count': '1',
        ...sign(),
      },
      {
        'attachment-1': { name: 'Receipt-1234.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7') },
      },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({
      messageId: 'receipt-1234@stripe.com',
      subject: 'Your receipt from Figma #1234-5678',
    });
    expect(await readStored(server, row.rawKey)).toContain('Receipt-1234.pdf');
  });

  it('accepts a url-encoded post (a message without attachments)', async () => {
    const org = await orgWithAddress(server);
    const form = new URLSearchParams({
      recipient: org.address,
      from: 'billing@vendor.example',
      subject: 'Plain',
      'body-plain': 'Total 10 EUR',
      ...sign(),
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/inbound/mailgun',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(200);
    expect((await storedMessages(server, org.orgId)).map((m) => m.subject)).toEqual(['Plain']);
  });

  it('recognises a retried parsed post without Message-ID as the same message', async () => {
    const org = await orgWithAddress(server);
    const fields = (subject: string) => ({
      recipient: org.address,
      from: 'billing@no-id.example',
      subject,
      'body-plain': 'Total 10 EUR',
    });
    const file = {
      'attachment-1': { name: 'inv.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7 no id') },
    };
    // The provider retries (a new signature each time): one message, the retry answered as such.
    const first = await post('/api/inbound/mailgun', { ...fields('Invoice 7'), ...sign() }, file);
    expect(first.json()).toEqual({ accepted: true, messages: 1 });
    const retry = await post('/api/inbound/mailgun', { ...fields('Invoice 7'), ...sign() }, file);
    expect(retry.json()).toEqual({ accepted: true, messages: 1, duplicate: true });
    const rows = await storedMessages(server, org.orgId);
    expect(rows).toHaveLength(1);
    expect(rows[0].messageId).toMatch(/^[0-9a-f]{64}@stackwise\.derived$/);
    // Another message (another subject, or another attachment) is another message.
    await post('/api/inbound/mailgun', { ...fields('Invoice 8'), ...sign() }, file);
    const otherFile = { 'attachment-1': { ...file['attachment-1'], data: Buffer.from('%PDF-1.7 other') } };
    await post('/api/inbound/mailgun', { ...fields('Invoice 7'), ...sign() }, otherFile);
    expect(await storedMessages(server, org.orgId)).toHaveLength(3);
  });

  it('refuses a bad signature, an old timestamp and a replayed token with 401; an unknown address with 406', async () => {
    const org = await orgWithAddress(server);
    const fields = {
      recipient: org.address,
      subject: 'x',
      'body-mime': mime({ to: org.address }).toString(),
    };
    expect(
      (await post('/api/inbound/mailgun/mime', { ...fields, ...sign(undefined, undefined, 'wrong-key') }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/inbound/mailgun/mime', { ...fields, ...sign(Math.floor(Date.now() / 1000) - 3600) }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/inbound/mailgun/mime', { recipient: org.address })).statusCode).toBe(401);
    const signed = sign();
    expect((await post('/api/inbound/mailgun/mime', { ...fields, ...signed })).statusCode).toBe(200);
    const replay = { ...fields, 'body-mime': mime({ to: org.address }).toString(), ...signed };
    expect((await post('/api/inbound/mailgun/mime', replay)).statusCode).toBe(401);
    expect(await storedMessages(server, org.orgId)).toHaveLength(1);
    const unknown = 'invoices+cdcdcdcdcdcdcdcdcdcdcdcd@inbound.localhost';
    const refused = await post('/api/inbound/mailgun/mime', {
      recipient: unknown,
      'body-mime': mime({ to: unknown }).toString(),
      ...sign(),
    });
    expect(refused.statusCode).toBe(406);
  });
});

describe('POST /api/inbound/sendgrid', () => {
  const post = async (
    fields: Record<string, string>,
    files?: Parameters<typeof multipart>[1],
    password = SECRET,
  ) => {
    const body = await multipart(fields, files);
    return server.app.inject({
      method: 'POST',
      url: '/api/inbound/sendgrid',
      headers: { 'content-type': body.contentType, authorization: basic(password) },
      payload: body.payload,
    });
  };
  // The Inbound Parse default (parsed) post: headers as text, envelope JSON, attachment-info JSON.
  const parsed = (to: string) => ({
    headers: `Received: by mx.sendgrid.net\nMessage-ID: <sg-${randomBytes(4).toString('hex')}@github.com>\nFrom: GitHub <billing@github.com>\nTo: ${to}\nSubject: [GitHub] Payment receipt\n`,
    dkim: '{@github.com : pass}',
    to,
    from: 'GitHub <billing@github.com>',
    subject: '[GitHub] Payment receipt',
    text: 'Total: $21.00',
    html: '<p>Total: $21.00</p>',
    envelope: JSON.stringify({ to: [to], from: 'billing@github.com' }),
    charsets: JSON.stringify({ to: 'UTF-8', subject: 'UTF-8', from: 'UTF-8', text: 'UTF-8' }),
    SPF: 'pass',
    attachments: '1',
    'attachment-info': JSON.stringify({
      attachment1: { filename: 'receipt.pdf', name: 'receipt.pdf', type: 'application/pdf' },
    }),
  });

  it('rebuilds a parsed post and stores it', async () => {
    const org = await orgWithAddress(server);
    const response = await post(parsed(org.address), {
      attachment1: { name: 'receipt.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.5 gh') },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await storedMessages(server, org.orgId);
    expect(row).toMatchObject({ transport: 'sendgrid', subject: '[GitHub] Payment receipt' });
    expect(row.messageId).toMatch(/^sg-.*@github\.com$/);
    expect(await readStored(server, row.rawKey)).toContain('receipt.pdf');
  });

  it('stores a retried parsed post without Message-ID once', async () => {
    const org = await orgWithAddress(server);
    const fields = {
      ...parsed(org.address),
      headers: `From: GitHub <billing@github.com>\nTo: ${org.address}\n`,
    };
    const file = {
      attachment1: { name: 'receipt.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.5 gh') },
    };
    expect((await post(fields, file)).json()).toEqual({ accepted: true, messages: 1 });
    expect((await post(fields, file)).json()).toEqual({ accepted: true, messages: 1, duplicate: true });
    expect(await storedMessages(server, org.orgId)).toHaveLength(1);
  });

  it('stores the raw message when "POST the raw, full MIME message" is on (email field)', async () => {
    const org = await orgWithAddress(server);
    const raw = mime({ to: org.address, messageId: 'sg-raw@vendor.example' }).toString();
    const response = await post({
      email: raw,
      to: org.address,
      envelope: JSON.stringify({ to: [org.address] }),
    });
    expect(response.statusCode).toBe(200);
    const [row] = await storedMessages(server, org.orgId);
    expect(await readStored(server, row.rawKey)).toBe(raw);
  });

  it('refuses bad Basic auth with 401; acknowledges an unknown address with 200 so SendGrid does not retry', async () => {
    const org = await orgWithAddress(server);
    expect((await post(parsed(org.address), undefined, 'not-the-secret-at-all')).statusCode).toBe(401);
    const unknown = await post(parsed('invoices+efefefefefefefefefefefef@inbound.localhost'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ accepted: false, messages: 0, reason: 'No such mailbox.' });
    expect(await storedMessages(server, org.orgId)).toHaveLength(0);
  });
});
