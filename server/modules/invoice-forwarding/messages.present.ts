// inbound_messages rows → the response shapes of common/contracts/invoice-forwarding. Instants stay
// Dates: the response serializer encodes them (common/contracts/wire.ts).
import type { z } from 'zod';
import type {
  inboundMessageDetail,
  inboundMessageSummary,
} from '../../../common/contracts/invoice-forwarding';
import { EMPTY_FIELDS } from './extract/types';
import type { InboundMessageRow } from './messages.repo';

export function presentSummary(
  row: InboundMessageRow,
  subscriptionName: string | null,
): z.output<typeof inboundMessageSummary> {
  const fields = row.fields ?? EMPTY_FIELDS;
  return {
    id: row.id,
    state: row.state,
    kind: row.kind,
    reason: row.reason,
    from: row.fromAddress,
    subject: row.subject,
    receivedAt: row.receivedAt,
    transport: row.transport,
    vendorName: fields.vendorName,
    invoiceNumber: fields.invoiceNumber,
    issueDate: fields.issueDate,
    totalMinor: fields.totalMinor,
    currency: fields.currency,
    confidence: row.confidence,
    attachmentCount: row.attachments.length,
    expenseId: row.expenseId,
    subscriptionId: row.subscriptionId,
    subscriptionName,
    duplicateOfId: row.duplicateOfId,
  };
}

export function presentDetail(
  row: InboundMessageRow,
  subscriptionName: string | null,
  extra: { upgradeRequired: boolean },
): z.output<typeof inboundMessageDetail> {
  return {
    ...presentSummary(row, subscriptionName),
    to: row.toAddress,
    messageId: row.messageId,
    fields: row.fields ?? EMPTY_FIELDS,
    fieldConfidence: row.fieldConfidence,
    attachments: row.attachments.map(({ name, type, size, isInvoice }) => ({ name, type, size, isInvoice })),
    text: row.text,
    upgradeRequired: extra.upgradeRequired,
    processedAt: row.processedAt,
  };
}
