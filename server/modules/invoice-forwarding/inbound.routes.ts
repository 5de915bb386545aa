// Inbound mail over HTTP (issue 18): raw MIME and the inbound webhooks of Postmark, Mailgun and
// SendGrid. Called by mail servers, not browsers: no session, no CSRF check (plugins/csrf.ts lets
// /api/inbound/ through); each route checks its own secret or signature before storing anything.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import { INBOUND_MAX_BYTES, type InboundTransport } from '../../../common/contracts/invoice-forwarding';
import { AppError } from '../../errors';
import { hitRateLimit } from '../../lib/rate-limit/counter';
import { safeEqual } from '../../lib/tokens';
import type { App } from '../../types';
import {
  mailgunRecipients,
  mailgunSignatureValid,
  mailgunToMime,
  postmarkRecipients,
  postmarkToMime,
  sendgridRecipients,
  sendgridToMime,
  type FormPayload,
  type PostmarkInbound,
} from './inbound.providers';
import { receiveMessage, refuse, type ReceiveResult, type Refusal } from './receive.service';
import { acceptFormBodies } from '../../lib/form-body';

/** Room for a 25 MB message as base64 in JSON (Postmark) or beside its parsed fields (forms). */
const ENVELOPE_LIMIT = Math.ceil(INBOUND_MAX_BYTES * 1.4) + 1024 * 1024;

const accepted = z.object({
  accepted: z.boolean(),
  messages: z.number().int(),
  /** Every message had come before (same Message-ID): a provider's retry, stored once. */
  duplicate: z.boolean().optional(),
  reason: z.string().optional(),
});
const responses = {
  200: accepted,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  406: errorResponse,
  413: errorResponse,
  422: errorResponse,
  429: errorResponse,
};

/**
 * How a refusal is answered, by each provider's retry rules: a permanent refusal (unknown
 * address, too large) gets the answer that stops retries, a rate refusal one that makes the
 * provider try again later.
 */
function refusalStatus(transport: InboundTransport, refusal: Refusal): number {
  if (refusal === 'rate_limited') return 429; // Every provider retries: the mail arrives later.
  switch (transport) {
    case 'postmark':
      return 403; // Postmark retries any non-200 except 403.
    case 'mailgun':
      return 406; // Mailgun: "406 (Not Acceptable)… rejected and will not be retried".
    case 'sendgrid':
      return 200; // SendGrid retries every 4xx/5xx for 3 days: only a 2xx stops it.
    default:
      return refusal === 'too_large' ? 413 : 422; // Our raw endpoint: say what is wrong.
  }
}

function answer(reply: FastifyReply, transport: InboundTransport, result: ReceiveResult) {
  if (result.ok) {
    const duplicate = result.messages.every((m) => m.duplicate);
    return reply
      .code(200)
      .send({ accepted: true, messages: result.messages.length, ...(duplicate ? { duplicate } : {}) });
  }
  const status = refusalStatus(transport, result.refusal);
  if (status === 200) return reply.code(200).send({ accepted: false, messages: 0, reason: result.message });
  return reply.code(status).send({ message: result.message, code: result.refusal });
}

const notConfigured = () => new AppError('not_found', 'Route not found');
const unauthorized = () => new AppError('unauthorized', 'Invalid inbound credentials.');

function checkBearer(request: FastifyRequest, secret: string | undefined) {
  if (!secret) throw notConfigured();
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token || !safeEqual(token, secret)) throw unauthorized();
}

/** Postmark and SendGrid post to https://user:SECRET@host/…: the password is the secret. */
function checkBasic(request: FastifyRequest, reply: FastifyReply, secret: string | undefined) {
  if (!secret) throw notConfigured();
  const header = request.headers.authorization ?? '';
  const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
  const password = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : '';
  if (!password || !safeEqual(password, secret)) {
    reply.header('www-authenticate', 'Basic realm="stackwise-inbound"');
    throw unauthorized();
  }
}

/** A form post (multipart with files, or url-encoded) as fields and files, capped in total size. */
async function readForm(request: FastifyRequest): Promise<FormPayload> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return {
      fields: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
      files: [],
    };
  }
  const tooLarge = () => new AppError('payload_too_large', 'The message is too large.');
  const form: FormPayload = { fields: {}, files: [] };
  let total = 0;
  const parts = request.parts({
    limits: { fieldSize: ENVELOPE_LIMIT, fileSize: INBOUND_MAX_BYTES, files: 1000, fields: 1000 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      total += data.length;
      form.files.push({ field: part.fieldname, filename: part.filename, type: part.mimetype, data });
    } else {
      if (part.valueTruncated) throw tooLarge();
      const value = String(part.value ?? '');
      total += Buffer.byteLength(value);
      form.fields[part.fieldname] = value;
    }
    if (total > ENVELOPE_LIMIT) throw tooLarge();
  }
  return form;
}

export async function inboundRoutes(app: App) {
  const deps = app.deps;
  const tags = ['inbound'];
  const receive = (transport: InboundTransport, raw: Buffer, recipients?: string[]) =>
    raw.length > INBOUND_MAX_BYTES
      ? refuse('too_large')
      : receiveMessage(deps, { transport, raw, recipients: recipients?.length ? recipients : undefined });

  app.addContentTypeParser(
    'message/rfc822',
    { parseAs: 'buffer', bodyLimit: INBOUND_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Mailgun posts url-encoded when a message has no attachments.
  acceptFormBodies(app, ENVELOPE_LIMIT);

  app.post('/inbound/raw', {
    schema: {
      operationId: 'inboundRaw',
      tags,
      querystring: z.object({ to: z.union([z.string(), z.array(z.string())]).optional() }),
      response: responses,
    },
    bodyLimit: INBOUND_MAX_BYTES,
    logLevel: 'warn',
    onRequest: async (request) => checkBearer(request, deps.env.INBOUND_HTTP_SECRET),
    handler: async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', 'Send the message as Content-Type: message/rfc822.');
      }
      const to = request.query.to;
      const recipients = (Array.isArray(to) ? to : to ? [to] : []).flatMap((t) => t.split(','));
      return answer(reply, 'raw', await receive('raw', request.body, recipients));
    },
  });

  app.post('/inbound/postmark', {
    schema: { operationId: 'inboundPostmark', tags, response: responses },
    bodyLimit: ENVELOPE_LIMIT,
    logLevel: 'warn',
    onRequest: async (request, reply) => checkBasic(request, reply, deps.env.INBOUND_HTTP_SECRET),
    handler: async (request, reply) => {
      const body = request.body as PostmarkInbound | undefined;
      if (!body || typeof body !== 'object') throw new AppError('bad_request', 'Expected Postmark JSON.');
      const raw = await postmarkToMime(body);
      return answer(reply, 'postmark', await receive('postmark', raw, postmarkRecipients(body)));
    },
  });

  const mailgun = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = deps.env.MAILGUN_WEBHOOK_SIGNING_KEY;
    if (!key) throw notConfigured();
    const form = await readForm(request);
    if (!mailgunSignatureValid(key, form.fields, deps.clock.now().getTime())) throw unauthorized();
    // Each signed post carries a fresh token: one seen before is a replay.
    const seen = await hitRateLimit(deps.db, {
      bucket: 'mailgun-token',
      key: form.fields.token!,
      windowMs: 30 * 60 * 1000,
    });
    if (seen.count > 1) throw unauthorized();
    const raw = await mailgunToMime(form);
    return answer(reply, 'mailgun', await receive('mailgun', raw, mailgunRecipients(form.fields)));
  };
  const mailgunSchema = { tags, response: responses };
  // Mailgun's forward() posts the raw message (body-mime) when the URL ends in "mime".
  app.post('/inbound/mailgun', {
    schema: { operationId: 'inboundMailgun', ...mailgunSchema },
    bodyLimit: ENVELOPE_LIMIT,
    logLevel: 'warn',
    handler: mailgun,
  });
  app.post('/inbound/mailgun/mime', {
    schema: { operationId: 'inboundMailgunMime', ...mailgunSchema },
    bodyLimit: ENVELOPE_LIMIT,
    logLevel: 'warn',
    handler: mailgun,
  });

  app.post('/inbound/sendgrid', {
    schema: { operationId: 'inboundSendgrid', tags, response: responses },
    bodyLimit: ENVELOPE_LIMIT,
    logLevel: 'warn',
    onRequest: async (request, reply) => checkBasic(request, reply, deps.env.INBOUND_HTTP_SECRET),
    handler: async (request, reply) => {
      const form = await readForm(request);
      const raw = await sendgridToMime(form);
      return answer(reply, 'sendgrid', await receive('sendgrid', raw, sendgridRecipients(form.fields)));
    },
  });
}
