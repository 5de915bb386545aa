// Received messages for the invoice-forwarding tests (issue 18): a stored raw message with its
// `received` row (what intake leaves behind), and a ReadResult built by hand (what reading yields).
import { createHash, randomUUID } from 'node:crypto';
import type { InvoiceFields } from '../../../common/contracts/invoice-forwarding';
import type { DbOrTx } from '../../db/client';
import { inboundMessages, invoiceForwardingSettings } from '../../db/schema';
import type { ReadResult } from '../../modules/invoice-forwarding';
import type { ServiceDeps } from '../../types';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A small PDF-looking file (the bytes prove a PDF); `tag` makes its hash unique. */
export function pdfBytes(tag: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% invoice ${tag}\n%%EOF\n`, 'latin1');
}

/** Stores a raw message and its `received` row, as the intake does. */
export async function storeReceivedMessage(
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  orgId: string,
  options: { raw?: string; from?: string; subject?: string } = {},
) {
  const id = randomUUID();
  const raw = Buffer.from(
    options.raw ??
      `From: ${options.from ?? 'billing@slack.com'}\r\nTo: invoices@in.test\r\nSubject: ${options.subject ?? 'Your invoice'}\r\nMessage-ID: <${id}@test>\r\n\r\nThanks for your payment.\r\n`,
  );
  const rawKey = `${orgId}/inbound/${id}.eml`;
  await deps.storage.put(rawKey, raw, { contentType: 'message/rfc822' });
  const [row] = await deps.db
    .insert(inboundMessages)
    .values({
      id,
      organizationId: orgId,
      transport: 'raw',
      messageId: `${id}@test`,
      fromAddress: options.from ?? 'billing@slack.com',
      toAddress: 'invoices@in.test',
      subject: options.subject ?? 'Your invoice',
      rawKey,
      rawSize: raw.length,
      rawSha256: sha256(raw),
    })
    .returning();
  return row;
}

export const SLACK_FIELDS: InvoiceFields = {
  vendorName: 'Slack',
  vendorDomain: 'slack.com',
  catalogSlug: 'slack',
  invoiceNumber: 'SL-1001',
  issueDate: '2026-03-01',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  totalMinor: 12_000,
  taxMinor: null,
  currency: 'USD',
  lineItems: [],
  planName: 'Pro',
  account: null,
  cardLast4: null,
};

/** What reading an invoice e-mail with a PDF yields; every booking field sure unless overridden. */
export function invoiceRead(
  options: {
    fields?: Partial<InvoiceFields>;
    kind?: ReadResult['kind'];
    from?: string;
    originalFrom?: string | null;
    pdf?: Buffer | null;
    confidence?: number;
    reason?: string | null;
    failed?: boolean;
    confirmation?: ReadResult['confirmation'];
  } = {},
): ReadResult {
  const fields = { ...SLACK_FIELDS, ...options.fields };
  const pdf = options.pdf === undefined ? pdfBytes(randomUUID()) : options.pdf;
  const c = options.confidence ?? 0.95;
  return {
    parsed: {
      messageId: null,
      from: options.from ?? 'billing@slack.com',
      originalFrom: options.originalFrom ?? null,
      to: ['invoices@in.test'],
      subject: 'Your invoice',
      date: null,
      text: 'Thanks for your payment.',
      attachments: pdf
        ? [
            {
              name: 'invoice.pdf',
              type: 'application/pdf',
              size: pdf.length,
              sha256: sha256(pdf),
              content: pdf,
            },
          ]
        : [],
      skippedAttachments: 0,
    },
    kind: options.kind ?? 'invoice',
    reason: options.reason ?? null,
    failed: options.failed ?? false,
    fields,
    fieldConfidence: {
      vendorName: c,
      invoiceNumber: c,
      issueDate: c,
      periodStart: c,
      periodEnd: c,
      totalMinor: c,
      currency: c,
    },
    documentIndex: pdf ? 0 : null,
    text: `Invoice ${fields.invoiceNumber ?? ''}`,
    confirmation: options.confirmation ?? null,
  };
}

/** Sets the organization's sender allow-list. */
export async function setAllowedSenders(db: DbOrTx, orgId: string, allowedSenders: string[]) {
  await db
    .insert(invoiceForwardingSettings)
    .values({ organizationId: orgId, allowedSenders })
    .onConflictDoUpdate({ target: invoiceForwardingSettings.organizationId, set: { allowedSenders } });
}
