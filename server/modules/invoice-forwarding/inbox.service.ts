// The invoice inbox (issue 18): every received message with its state, its fields editable, and a
// person's decision — accept, merge into an application, ignore — booked once under the row lock.
import type { z } from 'zod';
import {
  INVOICE_FIELD_NAMES,
  type InvoiceFieldName,
  type InvoiceFields,
  type inboundMessageQuery,
  type UpdateInboundMessageInput,
} from '../../../common/contracts/invoice-forwarding';
import { isCurrencyCode } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, invalidFields, notFound } from '../../errors';
import { inTransaction, type ActingContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import type { RequestContext, ServiceDeps } from '../../types';
import { appAllowance } from '../subscriptions';
import { bookInvoice, UPGRADE_REASON_MARK, type BookableFields } from './booking';
import { EMPTY_FIELDS } from './extract/types';
import { bookingConfidence, keyColumns, vendorKeyOf } from './message-keys';
import {
  countByState,
  findBookedTwin,
  findMessage,
  listMessages,
  lockBookings,
  lockMessage,
  updateMessage,
  type InboundMessageRow,
} from './messages.repo';
import { presentDetail, presentSummary } from './messages.present';

type Ctx = ActingContext & Pick<RequestContext, 'userId'>;
type ListQuery = z.output<typeof inboundMessageQuery>;

export async function listInbox(deps: ServiceDeps, ctx: Ctx, query: ListQuery) {
  const [page, counts] = await Promise.all([
    listMessages(deps.db, ctx.orgId, query),
    countByState(deps.db, ctx.orgId),
  ]);
  return {
    messages: page.rows.map((r) => presentSummary(r.message, r.subscriptionName)),
    counts,
    nextCursor: page.nextCursor,
  };
}

/** Held back by the plan's application limit, and still over it (an upgrade clears the prompt). */
async function upgradeRequired(db: DbOrTx, orgId: string, row: InboundMessageRow, now: Date) {
  if (row.state !== 'needs_review' || !row.reason?.includes(UPGRADE_REASON_MARK)) return false;
  const { current, limit } = await appAllowance(db, orgId, now, { lock: false });
  return limit !== null && current >= limit;
}

export async function getInboxMessage(deps: ServiceDeps, ctx: Pick<Ctx, 'orgId'>, id: string) {
  const found = await findMessage(deps.db, ctx.orgId, id);
  if (!found) throw notFound('Message');
  return presentDetail(found.message, found.subscriptionName, {
    upgradeRequired: await upgradeRequired(deps.db, ctx.orgId, found.message, deps.clock.now()),
  });
}

/** The read fields with a person's edits; an edited field is as sure as it gets. */
function editedFields(row: InboundMessageRow, edits: Partial<InvoiceFields> | undefined) {
  const before = row.fields ?? EMPTY_FIELDS;
  const changed = Object.entries(edits ?? {}).filter(([, v]) => v !== undefined);
  const fields: InvoiceFields = { ...before, ...Object.fromEntries(changed) };
  if (fields.currency) fields.currency = fields.currency.toUpperCase();
  const issues: Array<{ field: string; message: string }> = [];
  if (fields.currency && !isCurrencyCode(fields.currency))
    issues.push({ field: 'fields.currency', message: 'Use an ISO 4217 currency code, e.g. EUR' });
  if (fields.periodStart && fields.periodEnd && fields.periodStart > fields.periodEnd)
    issues.push({ field: 'fields.periodEnd', message: 'The service period ends before it starts' });
  if (issues.length > 0) throw invalidFields(issues);
  const fieldConfidence = { ...row.fieldConfidence };
  for (const [name] of changed) {
    if ((INVOICE_FIELD_NAMES as readonly string[]).includes(name)) {
      fieldConfidence[name as InvoiceFieldName] = 1;
    }
  }
  // The vendor key follows the vendor fields only when a person changed them.
  const vendorEdited = changed.some(([k]) => ['vendorName', 'vendorDomain', 'catalogSlug'].includes(k));
  return {
    fields,
    fieldConfidence,
    confidence: bookingConfidence(fields, fieldConfidence),
    ...keyColumns(fields, null),
    vendorKey: vendorEdited ? vendorKeyOf(fields, null) : (row.vendorKey ?? vendorKeyOf(fields, null)),
  };
}

/** The booking fields, or 400 naming the missing ones. */
function bookable(fields: InvoiceFields): BookableFields {
  const missing = (['vendorName', 'issueDate', 'totalMinor', 'currency'] as const).filter(
    (f) => fields[f] === null,
  );
  if (missing.length > 0) {
    throw invalidFields(
      missing.map((f) => ({ field: `fields.${f}`, message: 'Required to book the invoice' })),
    );
  }
  return fields as BookableFields;
}

export async function updateInboxMessage(
  deps: ServiceDeps,
  ctx: Ctx,
  id: string,
  input: UpdateInboundMessageInput,
) {
  if (input.action === 'merge' && !input.subscriptionId) {
    throw invalidFields([{ field: 'subscriptionId', message: 'Choose the application to merge into' }]);
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockMessage(tx, ctx.orgId, id);
    if (!row) throw notFound('Message');
    if (row.state === 'imported')
      throw conflict('This invoice is already imported: edit its expense instead');
    // A message not yet read may only be set aside (processing then leaves it alone).
    if (row.state === 'received' && input.action !== 'ignore') {
      throw conflict('This message is still being processed');
    }
    const acting = inTransaction({ ...ctx, now }, tx);
    // One row per decision: accepting or merging carries what the booking wrote.
    const audit = (action: string, changes: Record<string, unknown>) =>
      recordAudit(tx, acting, {
        action: `invoice_forwarding.${action}`,
        entityType: 'inbound_message',
        entityId: id,
        changes,
      });

    if (input.action === 'ignore') {
      await updateMessage(tx, ctx.orgId, id, {
        state: 'ignored',
        reason: 'Ignored by a reviewer',
        decidedBy: ctx.userId,
        updatedAt: now,
      });
      await audit('ignore', { state: { from: row.state, to: 'ignored' } });
      return;
    }
    const edited = editedFields(row, input.fields);
    if (!input.action) {
      await updateMessage(tx, ctx.orgId, id, { ...edited, updatedAt: now });
      await audit('edit', { fields: input.fields ?? {} });
      return;
    }
    if (row.state === 'duplicate') {
      throw new AppError('conflict', 'This invoice was already imported', {
        duplicateOfId: row.duplicateOfId,
      });
    }
    await lockBookings(tx, ctx.orgId);
    const twin = await findBookedTwin(tx, ctx.orgId, { ...row, ...edited });
    if (twin) {
      const number = twin.fields?.invoiceNumber ?? twin.invoiceNumber;
      const vendor = twin.fields?.vendorName ?? twin.vendorKey;
      throw new AppError(
        'conflict',
        number && twin.invoiceNumber === edited.invoiceNumber
          ? `Invoice ${number} from ${vendor} was already imported`
          : `The same invoice document was already imported (${vendor})`,
        { duplicateOfId: twin.id },
      );
    }
    const booking = await bookInvoice(deps, acting, {
      fields: bookable(edited.fields),
      document: row.attachments.find((a) => a.isInvoice) ?? null,
      subscriptionId: input.action === 'merge' ? input.subscriptionId : undefined,
    });
    // Refused by the plan: 403 with the upgrade prompt, nothing changed.
    if (!booking.booked) throw booking.error;
    // A person booked it: what booking rests on is now confirmed, not guessed.
    const confirmed = { ...edited.fieldConfidence };
    for (const f of ['vendorName', 'issueDate', 'totalMinor', 'currency'] as const) confirmed[f] = 1;
    await updateMessage(tx, ctx.orgId, id, {
      ...edited,
      fieldConfidence: confirmed,
      confidence: 1,
      state: 'imported',
      reason: booking.linked ? 'Linked to the card charge already recorded' : null,
      expenseId: booking.expenseId,
      subscriptionId: booking.subscriptionId,
      duplicateOfId: null,
      decidedBy: ctx.userId,
      updatedAt: now,
    });
    await audit(input.action, {
      state: { from: row.state, to: 'imported' },
      ...booking.auditChanges,
      ...(input.fields ? { fields: input.fields } : {}),
    });
  });
  return getInboxMessage(deps, ctx, id);
}

/** Types a browser may show inline (sandboxed); anything else is downloaded. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The invoice document when there is one, else (or with `raw`) the message as received (.eml). */
export async function originalFile(deps: ServiceDeps, ctx: Pick<Ctx, 'orgId'>, id: string, raw: boolean) {
  const found = await findMessage(deps.db, ctx.orgId, id);
  if (!found) throw notFound('Message');
  const row = found.message;
  const document = raw ? undefined : row.attachments.find((a) => a.isInvoice && a.key);
  if (document?.key) {
    const file = await deps.storage.get(document.key);
    if (file) {
      return {
        stream: file.stream,
        size: file.size,
        name: document.name,
        type: INLINE_TYPES.has(document.type) ? document.type : 'application/octet-stream',
        inline: INLINE_TYPES.has(document.type),
      };
    }
  }
  const file = await deps.storage.get(row.rawKey);
  if (!file) throw notFound('Original message');
  return {
    stream: file.stream,
    size: file.size,
    name: `message-${id}.eml`,
    type: 'message/rfc822',
    inline: false,
  };
}
