// Hosted mail providers' inbound webhooks → the raw MIME message the intake stores. When a
// provider can post the original message (Postmark RawEmail, Mailgun body-mime, SendGrid "POST the
// raw, full MIME message") that is used as is; otherwise the message is rebuilt from the parsed
// fields with nodemailer's MailComposer, keeping the headers that matter for routing and dedup.
import { createHash, createHmac } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import { safeEqual } from '../../lib/tokens';

export interface FormFile {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

export interface FormPayload {
  fields: Record<string, string>;
  files: FormFile[];
}

/** Headers MailComposer writes itself (or that describe the old body): never copied over. */
const STRUCTURAL = new Set([
  'content-type',
  'content-transfer-encoding',
  'mime-version',
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'date',
]);

function keptHeaders(pairs: Array<[string, string]>): Array<{ key: string; value: string }> {
  return pairs
    .filter(([name]) => name && !STRUCTURAL.has(name.toLowerCase()))
    .slice(0, 100)
    .map(([key, value]) => ({ key, value: String(value).replace(/[\r\n]+/g, ' ') }));
}

function headerValue(pairs: Array<[string, string]>, name: string): string | undefined {
  return pairs.find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * A Message-ID made from the message's content, for a parsed post that carries none: a provider's
 * retry of the same message gets the same id, so the intake's (organization, Message-ID) dedupe
 * recognises it (MailComposer would otherwise make up a new random one on every post).
 */
export function derivedMessageId(options: Mail.Options): string {
  const hash = createHash('sha256');
  const part = (value: unknown) => hash.update(`${value === undefined ? '' : String(value)}\u0000`);
  for (const value of [
    options.from,
    options.to,
    options.cc,
    options.subject,
    options.date,
    options.text,
    options.html,
  ])
    part(value);
  for (const a of options.attachments ?? []) {
    part(a.filename);
    part(
      createHash('sha256')
        .update((a.content as Buffer | undefined) ?? Buffer.alloc(0))
        .digest('hex'),
    );
  }
  return `<${hash.digest('hex')}@stackwise.derived>`;
}

async function compose(options: Mail.Options): Promise<Buffer> {
  // Loaded on first use: most installations never receive a provider's parsed payload.
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const messageId = options.messageId ?? derivedMessageId(options);
  return new MailComposer({ ...options, messageId, disableFileAccess: true, disableUrlAccess: true })
    .compile()
    .build();
}

// ---- Postmark (https://postmarkapp.com/developer/webhooks/inbound-webhook) ----

export interface PostmarkInbound {
  From?: string;
  FromFull?: { Email?: string; Name?: string };
  To?: string;
  ToFull?: Array<{ Email?: string }>;
  Cc?: string;
  CcFull?: Array<{ Email?: string }>;
  BccFull?: Array<{ Email?: string }>;
  OriginalRecipient?: string;
  Subject?: string;
  Date?: string;
  MessageID?: string;
  TextBody?: string;
  HtmlBody?: string;
  RawEmail?: string;
  Headers?: Array<{ Name?: string; Value?: string }>;
  Attachments?: Array<{ Name?: string; Content?: string; ContentType?: string; ContentID?: string }>;
}

/** The envelope recipients Postmark reports: the original one (auto-forwards) and the listed ones. */
export function postmarkRecipients(body: PostmarkInbound): string[] {
  return [
    body.OriginalRecipient,
    ...[...(body.ToFull ?? []), ...(body.CcFull ?? []), ...(body.BccFull ?? [])].map((r) => r.Email),
  ].filter((a): a is string => typeof a === 'string' && a.length > 0);
}

export async function postmarkToMime(body: PostmarkInbound): Promise<Buffer> {
  if (typeof body.RawEmail === 'string' && body.RawEmail.length > 0)
    return Buffer.from(body.RawEmail, 'utf8');
  const pairs = (body.Headers ?? []).map((h): [string, string] => [
    String(h.Name ?? ''),
    String(h.Value ?? ''),
  ]);
  // The sender's Message-ID when Postmark passes it on; else Postmark's own id (stable across its retries).
  const messageId = headerValue(pairs, 'message-id') ?? (body.MessageID ? `<${body.MessageID}>` : undefined);
  return compose({
    from: body.From,
    to: body.To,
    cc: body.Cc || undefined,
    subject: body.Subject ?? '',
    date: body.Date,
    messageId,
    text: body.TextBody || undefined,
    html: body.HtmlBody || undefined,
    headers: keptHeaders(pairs),
    attachments: (body.Attachments ?? []).map((a) => ({
      filename: a.Name ?? 'attachment',
      content: Buffer.from(a.Content ?? '', 'base64'),
      contentType: a.ContentType,
      cid: a.ContentID || undefined,
    })),
  });
}

// ---- Mailgun (https://documentation.mailgun.com/docs/mailgun/user-manual/receive-forward-store/receive-http) ----

/** Mailgun signs timestamp+token with the webhook signing key (HMAC-SHA256, hex). */
export function mailgunSignatureValid(key: string, fields: Record<string, string>, nowMs: number): boolean {
  const { timestamp, token, signature } = fields;
  if (!timestamp || !token || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  // Within 15 minutes either way: an old signed post replayed later is refused.
  if (Math.abs(nowMs - Number(timestamp) * 1000) > 15 * 60 * 1000) return false;
  const expected = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  return safeEqual(expected, signature.toLowerCase());
}

export function mailgunRecipients(fields: Record<string, string>): string[] {
  return (fields.recipient ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

function jsonPairs(text: string | undefined): Array<[string, string]> {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter((p): p is [string, string] => Array.isArray(p) && p.length === 2)
          .map(([k, v]) => [String(k), String(v)])
      : [];
  } catch {
    return [];
  }
}

export async function mailgunToMime(form: FormPayload): Promise<Buffer> {
  const { fields } = form;
  if (fields['body-mime']) return Buffer.from(fields['body-mime'], 'utf8');
  const pairs = jsonPairs(fields['message-headers']);
  const header = (name: string) => headerValue(pairs, name);
  const id = header('message-id') ?? fields['Message-Id'];
  return compose({
    from: fields.from ?? header('from') ?? fields.sender,
    to: header('to') ?? fields.To ?? fields.recipient,
    cc: header('cc') ?? fields.Cc,
    subject: fields.subject ?? header('subject') ?? '',
    date: header('date') ?? fields.Date,
    messageId: id ? `<${id.replace(/^<|>$/g, '')}>` : undefined,
    text: fields['body-plain'] || undefined,
    html: fields['body-html'] || undefined,
    headers: keptHeaders(pairs),
    attachments: form.files
      .filter((f) => /^attachment-\d+$/.test(f.field))
      .map((f) => ({ filename: f.filename || 'attachment', content: f.data, contentType: f.type })),
  });
}

// ---- SendGrid Inbound Parse (https://www.twilio.com/docs/sendgrid/for-developers/parsing-email/setting-up-the-inbound-parse-webhook) ----

export function sendgridRecipients(fields: Record<string, string>): string[] {
  try {
    const envelope = JSON.parse(fields.envelope ?? '{}') as { to?: unknown };
    if (Array.isArray(envelope.to)) return envelope.to.map(String);
  } catch {
    // No usable envelope: the headers say where the message went.
  }
  return [];
}

export async function sendgridToMime(form: FormPayload): Promise<Buffer> {
  const { fields } = form;
  if (fields.email) return Buffer.from(fields.email, 'utf8');
  // `headers` is the original header block as text.
  const { readHeaders } = await import('./mime-headers');
  const original = readHeaders(Buffer.from(`${fields.headers ?? ''}\r\n\r\n`, 'utf8'));
  const pairs = Object.entries(original.all).flatMap(([k, values]) =>
    values.map((v): [string, string] => [k, v]),
  );
  let info: Record<string, { filename?: string; name?: string; type?: string }> = {};
  try {
    info = JSON.parse(fields['attachment-info'] ?? '{}') as typeof info;
  } catch {
    info = {};
  }
  return compose({
    from: fields.from,
    to: fields.to,
    cc: fields.cc || undefined,
    subject: fields.subject ?? '',
    date: original.all.date?.[0],
    messageId: original.messageId ? `<${original.messageId}>` : undefined,
    text: fields.text || undefined,
    html: fields.html || undefined,
    headers: keptHeaders(pairs),
    attachments: form.files
      .filter((f) => /^attachment\d+$/.test(f.field))
      .map((f) => ({
        filename: info[f.field]?.filename ?? (f.filename || 'attachment'),
        content: f.data,
        contentType: info[f.field]?.type ?? f.type,
      })),
  });
}
