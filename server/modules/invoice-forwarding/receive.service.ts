// Store first (issue 18): every message accepted at an address is written to the file storage and
// recorded as `received` before anything reads it; the job queue processes it afterwards, so a
// crash between the two loses nothing (the sweep in inbound.job.ts sends it again).
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { INBOUND_MAX_BYTES, type InboundTransport } from '../../../common/contracts/invoice-forwarding';
import { hitRateLimit, peekRateLimit } from '../../lib/rate-limit/counter';
import { storableText } from '../../lib/storable-text';
import type { ServiceDeps } from '../../types';
import { findOrganizationByInboundToken } from '../organizations';
import { addressesIn, inboundAddress, RECIPIENT_HEADERS, tokensOf } from './address';
import { enqueueInboundMessage } from './inbound.job';
import { findMessageIdByMessageId, insertReceivedMessage } from './messages.repo';
import type { MessageHeaders } from './mime-headers';

export interface ReceiveInput {
  transport: InboundTransport;
  raw: Buffer;
  /** Envelope recipients (SMTP RCPT TO, a provider's recipient field); else read from the headers. */
  recipients?: string[];
}

/** A message written to the storage as it arrived (SMTP), before anyone knows whose it is. */
export interface StagedMessage {
  key: string;
  size: number;
  sha256: string;
  /** The first bytes, where the header block is. */
  head: Buffer;
  /** More than INBOUND_MAX_BYTES arrived (the rest was not kept). */
  tooLarge: boolean;
}

/** Bytes of a staged message kept in memory for its headers (mime-headers reads at most 256 KB). */
const HEAD_BYTES = 256 * 1024;

export type Refusal = 'unknown_recipient' | 'rate_limited' | 'too_large' | 'empty';

export type ReceiveResult =
  | { ok: true; messages: Array<{ orgId: string; id: string; duplicate: boolean }> }
  | { ok: false; refusal: Refusal; message: string };

const HOUR_MS = 60 * 60 * 1000;
const RATE_BUCKET = 'inbound-mail';

const REFUSALS: Record<Refusal, string> = {
  unknown_recipient: 'No such mailbox.',
  rate_limited: 'Too many messages for this address; try again later.',
  too_large: `The message is larger than ${INBOUND_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The message is empty.',
};

export const refuse = (refusal: Refusal): ReceiveResult => ({
  ok: false,
  refusal,
  message: REFUSALS[refusal],
});

/** The organization owning one forwarding address, or null (unknown or retired token). */
export async function organizationOfAddress(deps: ServiceDeps, address: string): Promise<string | null> {
  const [token] = tokensOf([address], deps.env.INBOUND_DOMAIN);
  if (!token) return null;
  return (await findOrganizationByInboundToken(deps.db, token))?.id ?? null;
}

/** Whether the organization already received its hourly share (checked at SMTP RCPT time). */
export async function overRate(deps: ServiceDeps, orgId: string): Promise<boolean> {
  const count = await peekRateLimit(deps.db, { bucket: RATE_BUCKET, key: orgId });
  return count >= deps.env.INBOUND_RATE_PER_HOUR;
}

/** The organizations a message is for: the envelope's addresses, else the headers' (an auto-forward keeps To). */
async function organizationsAddressed(
  deps: ServiceDeps,
  recipients: string[] | undefined,
  headers: MessageHeaders,
): Promise<Array<{ orgId: string; address: string }>> {
  const domain = deps.env.INBOUND_DOMAIN;
  let tokens = tokensOf(addressesIn(recipients ?? []), domain);
  if (tokens.length === 0) {
    tokens = tokensOf(addressesIn(RECIPIENT_HEADERS.flatMap((h) => headers.all[h] ?? [])), domain);
  }
  const found: Array<{ orgId: string; address: string }> = [];
  for (const token of tokens.slice(0, 10)) {
    const org = await findOrganizationByInboundToken(deps.db, token);
    if (org && !found.some((f) => f.orgId === org.id))
      found.push({ orgId: org.id, address: inboundAddress(token, domain) });
  }
  return found;
}

/** Stores the message for every organization it is addressed to and queues its processing. */
export async function receiveMessage(deps: ServiceDeps, input: ReceiveInput): Promise<ReceiveResult> {
  const { raw } = input;
  if (raw.length > INBOUND_MAX_BYTES) return refuse('too_large');
  if (raw.length === 0) return refuse('empty');
  const sha256 = createHash('sha256').update(raw).digest('hex');
  return deliver(deps, input, { head: raw, size: raw.length, sha256, body: async () => raw });
}

/**
 * Writes a message to the storage as it streams in (SMTP DATA), keeping only its hash, size and
 * first bytes in memory; past INBOUND_MAX_BYTES the rest is drained, not kept. The staged file is
 * then delivered (receiveStagedMessage) or removed (discardStagedMessage).
 */
export async function stageMessage(deps: ServiceDeps, stream: Readable): Promise<StagedMessage> {
  const key = `inbound-staging/${randomUUID()}.eml`;
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  const keep = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const room = INBOUND_MAX_BYTES - size;
      size += chunk.length;
      if (room <= 0) return callback();
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      hash.update(kept);
      if (headSize < HEAD_BYTES) {
        head.push(kept.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(kept.length, HEAD_BYTES - headSize);
      }
      callback(null, kept);
    },
  });
  stream.on('error', (error) => keep.destroy(error));
  await deps.storage.put(key, stream.pipe(keep), { contentType: 'message/rfc822' });
  return {
    key,
    size: Math.min(size, INBOUND_MAX_BYTES),
    sha256: hash.digest('hex'),
    head: Buffer.concat(head),
    tooLarge: size > INBOUND_MAX_BYTES,
  };
}

/** Removes a staged message (refused, or already copied to its organizations). */
export const discardStagedMessage = (deps: ServiceDeps, staged: StagedMessage) =>
  deps.storage.delete(staged.key);

/** Delivers a staged message like receiveMessage, copying it from the staging file; removes that file. */
export async function receiveStagedMessage(
  deps: ServiceDeps,
  input: Omit<ReceiveInput, 'raw'>,
  staged: StagedMessage,
): Promise<ReceiveResult> {
  try {
    if (staged.tooLarge) return refuse('too_large');
    if (staged.size === 0) return refuse('empty');
    return await deliver(deps, input, {
      head: staged.head,
      size: staged.size,
      sha256: staged.sha256,
      body: async () => {
        const file = await deps.storage.get(staged.key);
        if (!file) throw new Error('The staged message is missing');
        return file.stream;
      },
    });
  } finally {
    await discardStagedMessage(deps, staged).catch(() => undefined);
  }
}

interface MessageBody {
  /** At least the header block. */
  head: Buffer;
  size: number;
  sha256: string;
  /** The whole message, once per organization it is stored for. */
  body: () => Promise<Buffer | Readable>;
}

async function deliver(
  deps: ServiceDeps,
  input: Omit<ReceiveInput, 'raw'>,
  message: MessageBody,
): Promise<ReceiveResult> {
  // libmime (and its character sets) loads with the first message, not at boot.
  const { readHeaders } = await import('./mime-headers');
  const headers = readHeaders(message.head);
  const targets = await organizationsAddressed(deps, input.recipients, headers);
  if (targets.length === 0) return refuse('unknown_recipient');

  const messages: Array<{ orgId: string; id: string; duplicate: boolean }> = [];
  for (const { orgId, address } of targets) {
    const hit = await hitRateLimit(deps.db, { bucket: RATE_BUCKET, key: orgId, windowMs: HOUR_MS });
    if (hit.count > deps.env.INBOUND_RATE_PER_HOUR) {
      deps.log.warn({ orgId, transport: input.transport }, 'Inbound message refused: hourly rate reached');
      continue;
    }
    messages.push({ orgId, ...(await storeOne(deps, orgId, address, input.transport, message, headers)) });
  }
  if (messages.length === 0) return refuse('rate_limited');
  return { ok: true, messages };
}

async function storeOne(
  deps: ServiceDeps,
  orgId: string,
  address: string,
  transport: InboundTransport,
  message: MessageBody,
  headers: MessageHeaders,
): Promise<{ id: string; duplicate: boolean }> {
  const id = randomUUID();
  // Header text as PostgreSQL stores it (a NUL in a header once crashed the server): the duplicate
  // lookup below must use the same value as the insert.
  const messageId = storableText(headers.messageId ?? '') || null;
  const rawKey = `${orgId}/inbound/${id}.eml`;
  await deps.storage.put(rawKey, await message.body(), { contentType: 'message/rfc822' });
  let inserted: string | undefined;
  try {
    inserted = await insertReceivedMessage(deps.db, {
      id,
      organizationId: orgId,
      state: 'received',
      transport,
      messageId,
      fromAddress: storableText(headers.from),
      toAddress: storableText(headers.to) || address,
      subject: storableText(headers.subject),
      receivedAt: deps.clock.now(),
      rawKey,
      rawSize: message.size,
      rawSha256: message.sha256,
    });
  } catch (error) {
    await deps.storage.delete(rawKey).catch(() => undefined);
    throw error;
  }
  if (!inserted) {
    // The same Message-ID came before (a provider's retry, a second forward): one row, processed once.
    await deps.storage.delete(rawKey);
    const existing = await findMessageIdByMessageId(deps.db, orgId, messageId!);
    return { id: existing!, duplicate: true };
  }
  await enqueueInboundMessage(deps, orgId, id);
  return { id, duplicate: false };
}
