// What reading a received message yields: the parsed MIME, the invoice fields with their
// confidence, and what kind of message it is. Produced by `readInboundMessage` (./index.ts) from the
// raw bytes alone, so processing can be retried from the stored message at any time.
import type {
  FieldConfidence,
  InboundKind,
  InvoiceFields,
} from '../../../../common/contracts/invoice-forwarding';

export interface ParsedAttachment {
  /** Safe file name (see expenses' safeFileName). */
  name: string;
  /** The type the bytes prove (PDF, images…), else the declared type. */
  type: string;
  size: number;
  sha256: string;
  content: Buffer;
}

export interface ParsedMessage {
  /** Message-ID without angle brackets, or null when the message has none. */
  messageId: string | null;
  /** Sender address (lower case). For a forwarded message, the address that forwarded it. */
  from: string;
  /** The original sender when the message is a manual forward ("---------- Forwarded message"). */
  originalFrom: string | null;
  to: string[];
  subject: string;
  date: Date | null;
  /** The body as plain text (HTML bodies converted; scripts and styles dropped). */
  text: string;
  attachments: ParsedAttachment[];
  /** Attachments beyond INBOUND_MAX_ATTACHMENTS, not read. */
  skippedAttachments: number;
}

export interface ForwardingConfirmationFound {
  provider: 'gmail' | 'outlook' | 'other';
  link: string | null;
  code: string | null;
}

export interface ReadResult {
  parsed: ParsedMessage;
  kind: InboundKind;
  /**
   * Set when the message cannot be processed as an invoice, in words for the user: "Not an
   * invoice", "The PDF is password-protected", "Scanned image: needs review", "Malformed message"…
   */
  reason: string | null;
  /** The message could not be read at all (malformed MIME, corrupt document): state `failed`. */
  failed: boolean;
  fields: InvoiceFields;
  fieldConfidence: FieldConfidence;
  /** Index in parsed.attachments of the invoice document the fields came from, or null (body). */
  documentIndex: number | null;
  /** Plain text that was read (body + document), capped at 100,000 characters. */
  text: string;
  confirmation: ForwardingConfirmationFound | null;
}

export const EMPTY_FIELDS: InvoiceFields = {
  vendorName: null,
  vendorDomain: null,
  catalogSlug: null,
  invoiceNumber: null,
  issueDate: null,
  periodStart: null,
  periodEnd: null,
  totalMinor: null,
  taxMinor: null,
  currency: null,
  lineItems: [],
  planName: null,
  account: null,
  cardLast4: null,
};

export type { FieldConfidence, InboundKind, InvoiceFields };
