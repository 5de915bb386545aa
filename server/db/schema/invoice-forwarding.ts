import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  FieldConfidence,
  InboundKind,
  InboundState,
  InboundTransport,
  InvoiceFields,
} from '../../../common/contracts/invoice-forwarding';
import { timestamps, updatedAt } from './columns';
import { expenses } from './expenses';
import { subscriptions } from './inventory';
import { organizationId as orgId, tenantReference, tenantTable } from './tenant';

/** An organization's invoice-forwarding choices (issue 18); the address token is organizations.inbound_email_token. */
export const invoiceForwardingSettings = pgTable('invoice_forwarding_settings', {
  organizationId: orgId().primaryKey(),
  /** Lower-case addresses or `@domain`s; empty accepts every sender. */
  allowedSenders: text('allowed_senders')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

/** A file that came with a message, stored under its own key. */
export interface InboundStoredAttachment {
  name: string;
  type: string;
  size: number;
  sha256: string;
  key: string | null;
  isInvoice: boolean;
}

/**
 * One message received at an organization's address: stored first (raw MIME in the file storage),
 * then processed by the job queue, so nothing is lost if a server dies in between.
 */
export const inboundMessages = tenantTable(
  'inbound_messages',
  {
    state: text('state').$type<InboundState>().notNull().default('received'),
    kind: text('kind').$type<InboundKind>().notNull().default('unknown'),
    reason: text('reason'),
    transport: text('transport').$type<InboundTransport>().notNull(),
    /** The Message-ID header (without <>); the same id is processed once per organization. */
    messageId: text('message_id'),
    fromAddress: text('from_address').notNull().default(''),
    toAddress: text('to_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Storage key of the raw message (`<orgId>/inbound/<id>.eml`). */
    rawKey: text('raw_key').notNull(),
    rawSize: integer('raw_size').notNull(),
    rawSha256: text('raw_sha256').notNull(),
    attachments: jsonb('attachments').$type<InboundStoredAttachment[]>().notNull().default([]),
    /** SHA-256 of the invoice document (PDF) the fields were read from: the same file books once. */
    documentSha256: text('document_sha256'),
    fields: jsonb('fields').$type<InvoiceFields | null>(),
    fieldConfidence: jsonb('field_confidence').$type<FieldConfidence>().notNull().default({}),
    confidence: real('confidence'),
    /** Plain text read from the body and the invoice document (capped). */
    text: text('text').notNull().default(''),
    /** Normalised vendor (catalogue slug or sender domain) + invoice number: books once. */
    vendorKey: text('vendor_key'),
    invoiceNumber: text('invoice_number'),
    totalMinor: bigint('total_minor', { mode: 'number' }),
    currency: text('currency'),
    /** Forwarding confirmation (Gmail/Outlook): what the user needs to finish the setup. */
    confirmation: jsonb('confirmation').$type<{
      provider: string;
      link: string | null;
      code: string | null;
    } | null>(),
    expenseId: uuid('expense_id'),
    subscriptionId: uuid('subscription_id'),
    duplicateOfId: uuid('duplicate_of_id'),
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    ...timestamps(),
  },
  (t) => [
    tenantReference('inbound_messages_expense_fk', t, t.expenseId, expenses, 'clear'),
    tenantReference('inbound_messages_subscription_fk', t, t.subscriptionId, subscriptions, 'clear'),
    uniqueIndex('inbound_messages_message_id_key').on(t.organizationId, t.messageId),
    index('inbound_messages_org_state_idx').on(t.organizationId, t.state, t.receivedAt),
    index('inbound_messages_org_received_idx').on(t.organizationId, t.receivedAt),
    index('inbound_messages_org_invoice_idx').on(t.organizationId, t.vendorKey, t.invoiceNumber),
    index('inbound_messages_org_document_idx').on(t.organizationId, t.documentSha256),
    // The sweep's installation-wide look for messages left unprocessed: only those rows are indexed.
    index('inbound_messages_received_idx')
      .on(t.receivedAt)
      .where(sql`state = 'received'`),
  ],
);
