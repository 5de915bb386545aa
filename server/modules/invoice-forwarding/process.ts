// Processing of one stored inbound message (the job's work, issue 18): read the stored raw message,
// store its attachments, then — in one transaction under the row lock — save what was read, decide
// and book. Only a message still `received` is processed, so running it again books nothing twice.
import { buffer } from 'node:stream/consumers';
import { INBOUND_MAX_ATTEMPTS, type InboundState } from '../../../common/contracts/invoice-forwarding';
import type { DbOrTx, Tx } from '../../db/client';
import type { InboundStoredAttachment } from '../../db/schema/invoice-forwarding';
import { storableDeep, storableSlice } from '../../lib/storable-text';
import { inTransaction, systemContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import type { ServiceDeps } from '../../types';
import { sniffDocumentType } from '../../lib/document-type';
import { senderAllowed } from './allow-list';
import { bookInvoice, type BookableFields } from './booking';
import { getAllowedSenders } from './settings.repo';
import type { ReadResult } from './extract/types';
import { bookingConfidence, fieldProblems, keyColumns } from './message-keys';
import {
  findBookedTwin,
  findMessage,
  lockBookings,
  lockMessage,
  updateMessage,
  type InboundMessageRow,
} from './messages.repo';

/** Processes the stored message `id` of `orgId`; safe to run again (books at most once). */
export async function processInboundMessage(deps: ServiceDeps, orgId: string, id: string): Promise<void> {
  // The attempt is counted first, in its own transaction, so a message that crashes shows it.
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockMessage(tx, orgId, id);
    if (!locked || locked.state !== 'received') return null;
    if (locked.attempts >= INBOUND_MAX_ATTEMPTS) {
      // Every attempt so far started and none ended: it stops whatever reads it.
      const reason = `Set aside after ${locked.attempts} attempts that did not finish`;
      await settleLocked(deps, tx, orgId, id, { state: 'failed', reason });
      return null;
    }
    const attempts = locked.attempts + 1;
    await updateMessage(tx, orgId, id, { attempts, updatedAt: deps.clock.now() });
    return { ...locked, attempts };
  });
  if (!row) return;
  try {
    await readAndApply(deps, orgId, id, row.rawKey);
  } catch (error) {
    if (row.attempts < INBOUND_MAX_ATTEMPTS) throw error; // The queue retries it, with back-off.
    const reason = `Could not be processed after ${row.attempts} attempts: ${failureText(error)}`;
    await settle(deps, orgId, id, { state: 'failed', reason });
    // The job fails too (its retries are used up): Settings → Operations shows it with the reason.
    throw new Error(reason);
  }
}

async function readAndApply(deps: ServiceDeps, orgId: string, id: string, rawKey: string): Promise<void> {
  const file = await deps.storage.get(rawKey);
  if (!file) {
    await settle(deps, orgId, id, { state: 'failed', reason: 'The stored message is missing' });
    return;
  }
  // The reader (mailparser, html-to-text, pdfjs) loads with the first message, not at boot.
  const { readInboundMessage } = await import('./extract');
  await applyReadResult(deps, orgId, id, await readInboundMessage(await buffer(file.stream)));
}

/** Why an attempt failed, for the inbox: a database error by its SQLSTATE, never its SQL or values. */
function failureText(error: unknown): string {
  for (let layer = error, depth = 0; layer && typeof layer === 'object' && depth < 5; depth += 1) {
    const code = (layer as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `a database error (${code})`;
    layer = (layer as { cause?: unknown }).cause;
  }
  const message = error instanceof Error ? error.message : String(error);
  return storableSlice(message.split('\n')[0] || 'an unknown error', 200);
}

/** Ends a `received` message in a state without reading it (stored message lost, set aside). */
async function settle(
  deps: ServiceDeps,
  orgId: string,
  id: string,
  values: { state: InboundState; reason: string },
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockMessage(tx, orgId, id);
    if (!row || row.state !== 'received') return;
    await settleLocked(deps, tx, orgId, id, values);
  });
}

async function settleLocked(
  deps: ServiceDeps,
  tx: DbOrTx,
  orgId: string,
  id: string,
  values: { state: InboundState; reason: string },
) {
  const now = deps.clock.now();
  await updateMessage(tx, orgId, id, { ...values, processedAt: now, updatedAt: now });
  await recordAudit(tx, systemContext(orgId, 'inbound mail', now), {
    action: 'invoice_forwarding.process',
    entityType: 'inbound_message',
    entityId: id,
    changes: { state: values.state, reason: values.reason },
  });
}

const extensionOf = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';

/** Stores each read attachment under `<orgId>/inbound/<id>/<n>.<ext>` (the same keys on a retry). */
export async function storeAttachments(
  deps: ServiceDeps,
  orgId: string,
  id: string,
  result: ReadResult,
): Promise<InboundStoredAttachment[]> {
  const stored: InboundStoredAttachment[] = [];
  for (const [n, file] of result.parsed.attachments.entries()) {
    const ext = sniffDocumentType(file.content)?.ext ?? extensionOf(file.name);
    const key = `${orgId}/inbound/${id}/${n}.${ext}`;
    await deps.storage.put(key, file.content, { contentType: file.type });
    stored.push({
      name: file.name,
      type: file.type,
      size: file.size,
      sha256: file.sha256,
      key,
      isInvoice: n === result.documentIndex,
    });
  }
  return stored;
}

/**
 * Everything after reading: stores the attachments, then saves the read columns, decides and books
 * in one transaction under the row lock. Tests call it with a ReadResult they build.
 */
export async function applyReadResult(
  deps: ServiceDeps,
  orgId: string,
  id: string,
  result: ReadResult,
): Promise<void> {
  // A decided message keeps its files as they are.
  const current = await findMessage(deps.db, orgId, id);
  if (current?.message.state !== 'received') return;
  const attachments = await storeAttachments(deps, orgId, id, result);
  await deps.db.transaction(async (tx) => {
    const row = await lockMessage(tx, orgId, id);
    if (!row || row.state !== 'received') return;
    const now = deps.clock.now();
    const { parsed } = result;
    const document = result.documentIndex === null ? null : parsed.attachments[result.documentIndex];
    const read: Partial<InboundMessageRow> = {
      kind: result.kind,
      fromAddress: parsed.from || row.fromAddress,
      toAddress: row.toAddress || parsed.to.join(', '),
      subject: parsed.subject || row.subject,
      attachments,
      documentSha256: document?.sha256 ?? null,
      fields: result.fields,
      fieldConfidence: result.fieldConfidence,
      confidence: bookingConfidence(result.fields, result.fieldConfidence),
      text: (result.text || parsed.text).slice(0, 100_000),
      ...keyColumns(result.fields, parsed.originalFrom ?? parsed.from),
      processedAt: now,
    };
    const { booking, ...decision } = await decide(deps, tx, { ...row, ...read } as InboundMessageRow, result);
    // The reader's result is storable already; a test's (or a future reader's) may not be.
    await updateMessage(tx, orgId, id, storableDeep({ ...read, ...decision, updatedAt: now }));
    // One row: the message read, or read and booked (with what the booking wrote).
    const changes = { state: decision.state, reason: decision.reason ?? null, kind: result.kind };
    await recordAudit(tx, systemContext(orgId, 'inbound mail', now), {
      action: booking ? 'invoice_forwarding.book' : 'invoice_forwarding.process',
      entityType: 'inbound_message',
      entityId: id,
      changes: storableDeep(booking ? { ...changes, ...booking } : changes),
    });
  });
}

export type Decision = Pick<InboundMessageRow, 'state' | 'reason'> &
  Partial<Pick<InboundMessageRow, 'duplicateOfId' | 'expenseId' | 'subscriptionId' | 'confirmation'>> & {
    /** When it was booked: what the booking did, for the audit row. */
    booking?: Record<string, unknown>;
  };

/**
 * What becomes of a read message (`row` carries the read columns), booking it when it is a sure
 * invoice. Runs in the caller's transaction, which holds the row lock.
 */
export async function decide(
  deps: ServiceDeps,
  tx: Tx,
  row: InboundMessageRow,
  result: ReadResult,
): Promise<Decision> {
  const orgId = row.organizationId;
  if (result.kind === 'forwarding_confirmation') {
    // Exempt from the allow-list: the user must see it to finish the setup.
    return {
      state: 'needs_review',
      reason: 'Confirm forwarding to finish the setup',
      confirmation: result.confirmation,
    };
  }
  const allowed = await getAllowedSenders(tx, orgId);
  const { from, originalFrom } = result.parsed;
  if (!senderAllowed(allowed, from) && !senderAllowed(allowed, originalFrom)) {
    return { state: 'ignored', reason: `Sender ${originalFrom ?? from} not on the allow-list` };
  }
  if (result.failed) return { state: 'failed', reason: result.reason ?? 'The message could not be read' };
  if (result.kind === 'not_invoice') return { state: 'ignored', reason: result.reason ?? 'Not an invoice' };

  await lockBookings(tx, orgId);
  const twin = await findBookedTwin(tx, orgId, row);
  if (twin) return duplicateOf(row, twin);

  const fields = row.fields!;
  const problems = fieldProblems(fields, row.fieldConfidence);
  const invoiceLike = result.kind === 'invoice' || result.kind === 'receipt';
  if (!invoiceLike || problems) {
    const reason = !invoiceLike
      ? (result.reason ?? 'Not recognised as an invoice: check it')
      : `Check the fields: ${problems}`;
    return { state: 'needs_review', reason };
  }
  const ctx = inTransaction(systemContext(orgId, 'inbound mail', deps.clock.now()), tx);
  const booking = await bookInvoice(deps, ctx, {
    fields: fields as BookableFields,
    document: row.attachments.find((a) => a.isInvoice) ?? null,
  });
  if (!booking.booked) return { state: 'needs_review', reason: booking.reason };
  return {
    state: 'imported',
    reason: booking.linked ? 'Linked to the card charge already recorded' : null,
    expenseId: booking.expenseId,
    subscriptionId: booking.subscriptionId,
    booking: booking.auditChanges,
  };
}

/** The duplicate decision, naming what it repeats. */
export function duplicateOf(row: InboundMessageRow, twin: InboundMessageRow): Decision {
  const sameNumber =
    row.vendorKey &&
    row.invoiceNumber &&
    twin.vendorKey === row.vendorKey &&
    twin.invoiceNumber === row.invoiceNumber;
  const number = twin.fields?.invoiceNumber ?? twin.invoiceNumber;
  return {
    state: 'duplicate',
    duplicateOfId: twin.id,
    reason: sameNumber
      ? `Invoice ${number} from ${twin.fields?.vendorName ?? twin.vendorKey} was already imported`
      : 'The same invoice document was already imported',
  };
}
