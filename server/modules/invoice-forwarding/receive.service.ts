// Store first (issue 18): every message accepted at an address is written to the file storage and
// recorded as `received` before anything reads it; the job queue processes it afterwards, so a
// crash between the two loses nothing (the sweep in inbound.job.ts sends it again).
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { INBOUND_MAX_BYTES, type InboundTransport } from '../../../common/contracts/invoice-forwarding';
import { inboundMessages } from '../../db/schema';
import { hitRateLimit, peekRateLimit } from '../../lib/rate-limit/counter';
import { storableText } from '../../lib/storable-text';
import type { ServiceDeps } from '../../types';
import { findOrganizationByInboundToken } from '../organizations';
import { addressesIn, inboundAddress, RECIPIENT_HEADERS, tokensOf } from './address';
import { enqueueInboundMessage } from './inbound.job';
import type { MessageHeaders } from './mime-headers';

export interface ReceiveInput {
  transport: InboundTransport;
  raw: Buffer;
  /** Envelope recipients (SMTP RCPT TO, a provider's recipient field); else read from the headers. */
  recipients?: string[];
}

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
  // libmime (and its character sets) loads with the first message, not at boot.
  const { readHeaders } = await import('./mime-headers');
  const headers = readHeaders(raw);
  const targets = await organizationsAddressed(deps, input.recipients, headers);
  if (targets.length === 0) return refuse('unknown_recipient');

  const sha256 = createHash('sha256').update(raw).digest('hex');
  const messages: Array<{ orgId: string; id: string; duplicate: boolean }> = [];
  for (const { orgId, address } of targets) {
    const hit = await hitRateLimit(deps.db, { bucket: RATE_BUCKET, key: orgId, windowMs: HOUR_MS });
    if (hit.count > deps.env.INBOUND_RATE_PER_HOUR) {
      deps.log.warn({ orgId, transport: input.transport }, 'Inbound message refused: hourly rate reached');
      continue;
    }
    messages.push({
      orgId,
      ...(await storeOne(deps, orgId, address, input.transport, raw, sha256, headers)),
    });
  }
  if (messages.length === 0) return refuse('rate_limited');
  return { ok: true, messages };
}

async function storeOne(
  deps: ServiceDeps,
  orgId: string,
  address: string,
  transport: InboundTransport,
  raw: Buffer,
  sha256: string,
  headers: MessageHeaders,
): Promise<{ id: string; duplicate: boolean }> {
  const id = randomUUID();
  // Header text as PostgreSQL stores it (a NUL in a header once crashed the server): the duplicate
  // lookup below must use the same value as the insert.
  const messageId = storableText(headers.messageId ?? '') || null;
  const rawKey = `${orgId}/inbound/${id}.eml`;
  await deps.storage.put(rawKey, raw, { contentType: 'message/rfc822' });
  let inserted: { id: string } | undefined;
  try {
    [inserted] = await deps.db
      .insert(inboundMessages)
      .values({
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
        rawSize: raw.length,
        rawSha256: sha256,
      })
      .onConflictDoNothing({ target: [inboundMessages.organizationId, inboundMessages.messageId] })
      .returning({ id: inboundMessages.id });
  } catch (error) {
    await deps.storage.delete(rawKey).catch(() => undefined);
    throw error;
  }
  if (!inserted) {
    // The same Message-ID came before (a provider's retry, a second forward): one row, processed once.
    await deps.storage.delete(rawKey);
    const [existing] = await deps.db
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.messageId, messageId!)))
      .limit(1);
    return { id: existing!.id, duplicate: true };
  }
  await enqueueInboundMessage(deps, orgId, id);
  return { id, duplicate: false };
}
