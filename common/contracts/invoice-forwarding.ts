// Invoice forwarding (issue 18): each organization's unique inbound address, the messages received
// there (the invoice inbox at /app/expenses, tab "Invoices") and the fields read from them.
import { z } from 'zod';
import { calendarDate, instant, type Wire } from './wire';

/**
 * Where a received message stands. `received`: stored, waiting for (or in) processing;
 * `imported`: booked as an expense; `needs_review`: read, but a person must confirm or complete
 * it; `ignored`: not an invoice (newsletter, marketing, a forwarding confirmation once done) or
 * ignored by a person; `duplicate`: the same invoice was booked already; `failed`: could not be
 * read (malformed, corrupt, refused) — `reason` says why.
 */
export const INBOUND_STATES = [
  'received',
  'imported',
  'needs_review',
  'ignored',
  'duplicate',
  'failed',
] as const;
export type InboundState = (typeof INBOUND_STATES)[number];

/** What the message is, as far as it could be told. */
export const INBOUND_KINDS = [
  'invoice',
  'receipt',
  'forwarding_confirmation',
  'not_invoice',
  'unknown',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** How the message reached us. */
export const INBOUND_TRANSPORTS = ['smtp', 'raw', 'postmark', 'mailgun', 'sendgrid'] as const;
export type InboundTransport = (typeof INBOUND_TRANSPORTS)[number];

/** Largest message accepted (SMTP SIZE and HTTP body), 25 MB. */
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024;
/**
 * Attempts a message gets (issue 30): one that fails this many times — an error, or a server that
 * stopped mid-attempt — is set aside as `failed` with the reason, never retried in a loop.
 */
export const INBOUND_MAX_ATTEMPTS = 3;
/** Attachments read from one message; the rest are listed as skipped. */
export const INBOUND_MAX_ATTACHMENTS = 20;

export const invoiceLineItem = z.object({
  description: z.string().max(500),
  quantity: z.number().nullable(),
  /** Price of one unit in minor units of the invoice currency. */
  unitAmountMinor: z.number().int().nullable(),
  amountMinor: z.number().int().nullable(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItem>;

/** The fields read from an invoice (or corrected by a person); null when not found. */
export const invoiceFields = z.object({
  /** The vendor's name as the invoice or catalogue names it. */
  vendorName: z.string().max(200).nullable(),
  /** The vendor's web domain (sender domain or catalogue domain), e.g. `atlassian.com`. */
  vendorDomain: z.string().max(200).nullable(),
  /** The catalogue application the vendor was recognised as. */
  catalogSlug: z.string().nullable(),
  invoiceNumber: z.string().max(100).nullable(),
  issueDate: calendarDate.nullable(),
  periodStart: calendarDate.nullable(),
  periodEnd: calendarDate.nullable(),
  /** Amount due/paid including tax, minor units. */
  totalMinor: z.number().int().nullable(),
  taxMinor: z.number().int().nullable(),
  currency: z.string().length(3).nullable(),
  lineItems: z.array(invoiceLineItem).max(200),
  /** Plan or tier named on the invoice (e.g. "Business+", "Standard"). */
  planName: z.string().max(200).nullable(),
  /** The billed account, workspace or site (e.g. `acme.atlassian.net`). */
  account: z.string().max(200).nullable(),
  /** Last four digits of the card charged, when shown. */
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
});
export type InvoiceFields = z.infer<typeof invoiceFields>;

/** Scalar fields whose confidence is reported (line items are judged as one field). */
export const INVOICE_FIELD_NAMES = [
  'vendorName',
  'invoiceNumber',
  'issueDate',
  'periodStart',
  'periodEnd',
  'totalMinor',
  'taxMinor',
  'currency',
  'lineItems',
  'planName',
  'account',
  'cardLast4',
] as const;
export type InvoiceFieldName = (typeof INVOICE_FIELD_NAMES)[number];

/** 0..1 per field; a field not found has no entry. */
export const fieldConfidence = z.partialRecord(z.enum(INVOICE_FIELD_NAMES), z.number().min(0).max(1));
export type FieldConfidence = z.infer<typeof fieldConfidence>;

export const inboundAttachment = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  /** The attachment the fields were read from (the invoice document). */
  isInvoice: z.boolean(),
});

export const inboundMessageSummary = z.object({
  id: z.string(),
  state: z.enum(INBOUND_STATES),
  kind: z.enum(INBOUND_KINDS),
  /** Why it is in this state, in words for the user (e.g. "Sender not on the allow-list"). */
  reason: z.string().nullable(),
  from: z.string(),
  subject: z.string(),
  receivedAt: instant,
  transport: z.enum(INBOUND_TRANSPORTS),
  vendorName: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  issueDate: calendarDate.nullable(),
  totalMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Lowest confidence among the fields booking needs (vendor, date, total, currency), 0..1. */
  confidence: z.number().nullable(),
  attachmentCount: z.number().int(),
  expenseId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  subscriptionName: z.string().nullable(),
  duplicateOfId: z.string().nullable(),
});
export type InboundMessageSummaryWire = Wire<typeof inboundMessageSummary>;

export const inboundMessageDetail = inboundMessageSummary.extend({
  to: z.string(),
  messageId: z.string().nullable(),
  fields: invoiceFields,
  confidence: z.number().nullable(),
  fieldConfidence,
  attachments: z.array(inboundAttachment),
  /** Plain text of the body and invoice document, as read (HTML is never sent to the browser). */
  text: z.string(),
  /** Set when a person must upgrade before this invoice can create an application. */
  upgradeRequired: z.boolean(),
  processedAt: instant.nullable(),
});
export type InboundMessageDetailWire = Wire<typeof inboundMessageDetail>;

export const inboundMessageList = z.object({
  messages: z.array(inboundMessageSummary),
  /** Count per state over the whole inbox (for the tabs and badges). */
  counts: z.partialRecord(z.enum(INBOUND_STATES), z.number().int()),
  nextCursor: z.string().nullable(),
});
export type InboundMessageListWire = Wire<typeof inboundMessageList>;

export const inboundMessageQuery = z.object({
  state: z.enum(INBOUND_STATES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * A person's decision on a message. `accept`: book it with `fields` (the edited fields, else the
 * read ones), creating the application from the catalogue when none matches; `merge`: book it on
 * the existing application `subscriptionId`; `ignore`: not an invoice; without `action`, only
 * saves the edited fields.
 */
export const updateInboundMessage = z.object({
  action: z.enum(['accept', 'merge', 'ignore']).optional(),
  fields: invoiceFields.partial().optional(),
  subscriptionId: z.uuid().optional(),
});
export type UpdateInboundMessageInput = z.infer<typeof updateInboundMessage>;

/** Gmail's or Outlook's "confirm forwarding" message, waiting for the user to confirm. */
export const forwardingConfirmation = z.object({
  messageId: z.string(),
  provider: z.enum(['gmail', 'outlook', 'other']),
  from: z.string(),
  /** The link that confirms forwarding, when the message has one. */
  link: z.string().nullable(),
  /** The confirmation code, when the message has one. */
  code: z.string().nullable(),
  receivedAt: instant,
});

export const invoiceForwarding = z.object({
  /** e.g. invoices+<token>@in.stackwise.app */
  address: z.string(),
  domain: z.string(),
  /** Senders (addresses or @domains) accepted; empty accepts every sender. */
  allowedSenders: z.array(z.string()),
  pendingConfirmation: forwardingConfirmation.nullable(),
  setup: z.object({
    /** Any message has arrived at the address. */
    receivedAny: z.boolean(),
    lastReceivedAt: instant.nullable(),
    importedCount: z.number().int(),
    needsReviewCount: z.number().int(),
    /**
     * Why mail sent to the address cannot arrive yet, in plain words naming what to set (no
     * receiver configured, or a domain that exists only on this machine); null once it can.
     */
    cannotReceive: z.string().nullable(),
  }),
  recentMessages: z.array(inboundMessageSummary),
});
export type InvoiceForwardingWire = Wire<typeof invoiceForwarding>;

/** An allow-list entry: a full address or `@domain`. */
export const allowedSender = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([^\s@]+@|@)[a-z0-9.-]+\.[a-z]{2,}$/, 'Enter an e-mail address or @domain');

export const updateInvoiceForwarding = z.object({
  allowedSenders: z.array(allowedSender).max(100),
});
