// Reading received messages that are not tidy invoices: broken, empty, huge, protected, scanned,
// forwarded, confirmations and newsletters. Each gets a clear kind and reason, never a throw.
import MailComposer from 'nodemailer/lib/mail-composer';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { INBOUND_MAX_ATTACHMENTS } from '../../../../common/contracts/invoice-forwarding';
import { readInboundMessage } from '.';

type MailOptions = ConstructorParameters<typeof MailComposer>[0];

function mail(options: MailOptions): Promise<Buffer> {
  return new MailComposer({
    from: 'Acme Billing <billing@example.com>',
    to: 'invoices+tok@in.stackwise.app',
    subject: 'Hello',
    date: new Date('2026-03-03T10:00:00Z'),
    messageId: '<m1@example.com>',
    ...options,
  })
    .compile()
    .build();
}

function pdf(lines: Array<[string, string]>, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    lines.forEach(([label, value], i) => {
      doc.text(label, 50, 80 + i * 20);
      doc.text(value, 350, 80 + i * 20);
    });
    doc.end();
  });
}

const INVOICE_LINES: Array<[string, string]> = [
  ['INVOICE', ''],
  ['Invoice number', 'ZM-2026-0042'],
  ['Invoice date', 'Mar 3, 2026'],
  ['Billing period', 'Mar 3, 2026 - Apr 2, 2026'],
  ['Zoom Workplace Business  10', '$219.90'],
  ['Subtotal', '$219.90'],
  ['Sales tax', '$19.52'],
  ['Total', '$239.42'],
  ['Paid with Visa ending in 4242', ''],
];
// The smallest valid PNG: a 1×1 pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('readInboundMessage', () => {
  it('fails empty and malformed messages with a reason instead of throwing', async () => {
    const empty = await readInboundMessage(Buffer.alloc(0));
    expect(empty).toMatchObject({ failed: true, reason: 'Empty message', kind: 'unknown' });
    const garbage = await readInboundMessage(
      Buffer.from([0, 159, 146, 150, 255, 0, 13, 10, 13, 10, 1, 2, 3]),
    );
    expect(garbage).toMatchObject({ failed: true, reason: 'Malformed message' });
    const truncated = await readInboundMessage(
      Buffer.from(
        'From: a@b.com\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.',
      ),
    );
    expect(truncated.failed).toBe(true);
    expect(truncated.reason).toMatch(/PDF|Malformed/);
  });

  it('reads a PDF invoice: fields with confidence, the document, the parsed message', async () => {
    const content = await pdf(INVOICE_LINES);
    const result = await readInboundMessage(
      await mail({
        from: 'Zoom <billing@zoom.us>',
        subject: 'Your Zoom invoice',
        attachments: [
          { filename: '../../etc/invoice?.pdf', content, contentType: 'application/octet-stream' },
        ],
      }),
    );
    expect(result).toMatchObject({ kind: 'invoice', failed: false, reason: null, documentIndex: 0 });
    expect(result.parsed).toMatchObject({
      messageId: 'm1@example.com',
      from: 'billing@zoom.us',
      subject: 'Your Zoom invoice',
    });
    expect(result.parsed.attachments[0]).toMatchObject({ name: 'invoice_.pdf', type: 'application/pdf' });
    expect(result.parsed.attachments[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.fields).toMatchObject({
      catalogSlug: 'zoom',
      invoiceNumber: 'ZM-2026-0042',
      issueDate: '2026-03-03',
      periodStart: '2026-03-03',
      periodEnd: '2026-04-02',
      totalMinor: 23942,
      taxMinor: 1952,
      currency: 'USD',
      cardLast4: '4242',
      planName: 'Business',
    });
    expect(result.fieldConfidence.totalMinor).toBeGreaterThan(0.5);
    expect(result.text).toContain('ZM-2026-0042');
  });

  it('reads at most the attachment limit of 1,000 attachments and counts the rest', async () => {
    const attachments = Array.from({ length: 1000 }, (_, i) => ({
      filename: `f${i}.txt`,
      content: `file ${i}`,
    }));
    const result = await readInboundMessage(await mail({ text: 'Files attached', attachments }));
    expect(result.parsed.attachments).toHaveLength(INBOUND_MAX_ATTACHMENTS);
    expect(result.parsed.skippedAttachments).toBe(1000 - INBOUND_MAX_ATTACHMENTS);
    expect(result.kind).toBe('not_invoice');
  }, 30_000);

  it('keeps a zip attachment as it is, never unpacked', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000)]);
    const result = await readInboundMessage(
      await mail({
        subject: 'Invoices',
        text: 'See the zip',
        attachments: [{ filename: 'invoices.zip', content: zip, contentType: 'application/zip' }],
      }),
    );
    expect(result.parsed.attachments).toEqual([
      expect.objectContaining({ name: 'invoices.zip', type: 'application/zip', size: 2004 }),
    ]);
    expect(result.failed).toBe(false);
  });

  it('says a password-protected PDF is protected, and fails a corrupt one', async () => {
    const locked = await pdf(INVOICE_LINES, { userPassword: 'secret' });
    const protectedResult = await readInboundMessage(
      await mail({ subject: 'Invoice', attachments: [{ filename: 'invoice.pdf', content: locked }] }),
    );
    expect(protectedResult).toMatchObject({
      kind: 'unknown',
      reason: 'The PDF is password-protected',
      failed: false,
      documentIndex: 0,
    });

    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x41)]);
    const corruptResult = await readInboundMessage(
      await mail({ subject: 'Hello', attachments: [{ filename: 'broken.pdf', content: corrupt }] }),
    );
    expect(corruptResult.failed).toBe(true);
    expect(corruptResult.reason).toMatch(/PDF/);
  });

  it('tells a PDF that is not an invoice apart', async () => {
    const content = await pdf([
      ['Meeting notes', ''],
      ['Agenda: roadmap and hiring', ''],
      ['Next meeting', 'Mar 10, 2026'],
    ]);
    const result = await readInboundMessage(
      await mail({
        subject: 'Notes',
        text: 'Notes attached.',
        attachments: [{ filename: 'notes.pdf', content }],
      }),
    );
    expect(result).toMatchObject({ kind: 'not_invoice', reason: 'Not an invoice', failed: false });
  });

  it('drops scripts and styles of HTML bodies and keeps table rows on one line', async () => {
    const html = `<html><head><style>.x{color:red}</style><script>document.cookie='stolen'</script></head><body>
      <h1>Receipt from Notion Labs, Inc.</h1><script>alert("x")</script>
      <table><tr><td>Notion Plus × 3</td><td>$30.00</td></tr><tr><td>Total</td><td>$30.00</td></tr></table>
      <p>Visa •••• 4242</p></body></html>`;
    const result = await readInboundMessage(
      await mail({
        from: 'Notion Labs, Inc. <invoice+statements@stripe.com>',
        subject: 'Your receipt from Notion Labs, Inc. #2031-4411',
        html,
      }),
    );
    expect(result.parsed.text).not.toMatch(/alert|cookie|stolen|color/);
    expect(result.parsed.text).toContain('Total  $30.00');
    expect(result).toMatchObject({ kind: 'receipt' });
    expect(result.fields).toMatchObject({
      catalogSlug: 'notion',
      totalMinor: 3000,
      cardLast4: '4242',
      invoiceNumber: '2031-4411',
    });
    expect(result.fields.vendorDomain).not.toBe('stripe.com');
  });

  it('recognises a Gmail forwarding confirmation with its code and link', async () => {
    const link = 'https://mail-settings.google.com/mail/vf-%5BANGjdJ8%5D-abc123';
    const result = await readInboundMessage(
      await mail({
        from: 'Gmail Team <forwarding-noreply@google.com>',
        subject: '(#612345789) Gmail Forwarding Confirmation - Receive Mail from jane@gmail.com',
        text: `jane@gmail.com has requested to automatically forward mail to your email address invoices+tok@in.stackwise.app.\nConfirmation code: 612345789\n\nTo allow jane@gmail.com to automatically forward mail to your address, please click the link below to confirm the request:\n\n${link}\n`,
      }),
    );
    expect(result.kind).toBe('forwarding_confirmation');
    expect(result.confirmation).toEqual({ provider: 'gmail', code: '612345789', link });
  });

  it('recognises an Outlook / Microsoft verification message', async () => {
    const link = 'https://account.live.com/proofs/verify?code=abc';
    const result = await readInboundMessage(
      await mail({
        from: 'Microsoft account team <account-security-noreply@accountprotection.microsoft.com>',
        subject: 'Verify your email address',
        html: `<p>To finish setting up forwarding to this email address, use this security code.</p><p>Security code: <b>4821</b></p><p><a href="${link}">Verify</a></p>`,
      }),
    );
    expect(result.kind).toBe('forwarding_confirmation');
    expect(result.confirmation).toEqual({ provider: 'outlook', code: '4821', link });

    const below = await readInboundMessage(
      await mail({
        from: 'Microsoft account team <account-security-noreply@accountprotection.microsoft.com>',
        subject: 'Microsoft account security code',
        text: 'Please use the code below to verify this email address for forwarding.\n\nCode: 730215\n',
      }),
    );
    expect(below.confirmation).toEqual({ provider: 'outlook', code: '730215', link: null });
  });

  it('marks a newsletter as not an invoice', async () => {
    const result = await readInboundMessage(
      await mail({
        from: 'Figma <news@figma.com>',
        subject: 'Join our webinar: what is new in Dev Mode',
        headers: { 'List-Unsubscribe': '<https://figma.com/unsub>' },
        html: '<h1>Config 2026</h1><p>Save your seat for our webinar. 20% off tickets this week.</p><a href="#">Unsubscribe</a>',
      }),
    );
    expect(result).toMatchObject({ kind: 'not_invoice', reason: 'Not an invoice' });
  });

  it('reads a manually forwarded invoice, naming the original sender', async () => {
    const content = await pdf(INVOICE_LINES);
    const result = await readInboundMessage(
      await mail({
        from: 'Jane Doe <jane@acme.com>',
        subject: 'Fwd: Your Zoom invoice',
        text: 'Please book this.\n\n---------- Forwarded message ---------\nFrom: Zoom <billing@zoom.us>\nDate: Tue, 3 Mar 2026 at 10:00\nSubject: Your Zoom invoice\n\nYour invoice is attached.',
        attachments: [{ filename: 'invoice.pdf', content }],
      }),
    );
    expect(result.parsed).toMatchObject({ from: 'jane@acme.com', originalFrom: 'billing@zoom.us' });
    expect(result.fields).toMatchObject({ catalogSlug: 'zoom', totalMinor: 23942 });
  });

  it('reads an invoice forwarded as an attachment (message/rfc822)', async () => {
    const inner = await mail({
      from: 'Zoom <billing@zoom.us>',
      subject: 'Your Zoom invoice',
      text: 'Attached.',
      attachments: [{ filename: 'invoice.pdf', content: await pdf(INVOICE_LINES) }],
    });
    const result = await readInboundMessage(
      await mail({
        from: 'jane@acme.com',
        subject: 'Fw: invoice',
        text: 'FYI',
        attachments: [{ filename: 'zoom.eml', content: inner, contentType: 'message/rfc822' }],
      }),
    );
    expect(result.parsed.originalFrom).toBe('billing@zoom.us');
    expect(result.parsed.attachments.map((a) => a.type)).toEqual(['application/pdf']);
    expect(result.fields).toMatchObject({
      catalogSlug: 'zoom',
      totalMinor: 23942,
      invoiceNumber: 'ZM-2026-0042',
    });
  });

  it('keeps an image-only invoice for review, and reads it through an OCR hook when one is given', async () => {
    const raw = await mail({
      subject: 'Invoice scan',
      text: '',
      attachments: [{ filename: 'scan.png', content: PNG }],
    });
    const result = await readInboundMessage(raw);
    expect(result).toMatchObject({
      kind: 'unknown',
      reason: 'Scanned image: needs review',
      failed: false,
      documentIndex: 0,
    });
    expect(result.parsed.attachments[0].type).toBe('image/png');

    const ocr = async () => 'INVOICE\nInvoice number  SC-77\nInvoice date  Mar 3, 2026\nTotal  $50.00';
    const read = await readInboundMessage(raw, { ocr });
    expect(read).toMatchObject({ kind: 'invoice', documentIndex: 0 });
    expect(read.fields).toMatchObject({ invoiceNumber: 'SC-77', totalMinor: 5000 });
  });
});
