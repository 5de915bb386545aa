// A held-out set (issue 18): invoices written by someone who never saw the extractor's rules or the
// tuning corpus (fixtures/), in layouts of their own — positioned PDF columns, US and day-first
// dates, decimal commas, Swiss apostrophes. It measures how the reading generalises to invoices
// it was not tuned on, as the real ones it will meet.
import PDFDocument from 'pdfkit';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { InvoiceFields } from '../../../../common/contracts/invoice-forwarding';
import { EMPTY_FIELDS } from '../extract/types';

export interface HoldoutEntry {
  id: string;
  kind: 'invoice' | 'receipt' | 'not_invoice';
  fields: InvoiceFields | null;
  build(): Promise<Buffer>;
}

/** One line of a positioned PDF: text at x (points), on the row y. */
type Cell = [x: number, y: number, text: string, size?: number];

function positionedPdf(cells: Cell[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { CreationDate: new Date('2026-01-01T00:00:00Z') },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const [x, y, text, size] of cells) doc.fontSize(size ?? 9).text(text, x, y, { lineBreak: false });
    doc.end();
  });
}

function mail(o: {
  id: string;
  from: string;
  subject: string;
  date: string;
  text?: string;
  html?: string;
  pdf?: { name: string; content: Buffer };
}): Promise<Buffer> {
  return new MailComposer({
    from: o.from,
    to: 'invoices+holdout@in.stackwise.app',
    subject: o.subject,
    date: new Date(o.date),
    messageId: `<${o.id}@holdout.test>`,
    text: o.text,
    html: o.html,
    attachments: o.pdf
      ? [{ filename: o.pdf.name, content: o.pdf.content, contentType: 'application/pdf' }]
      : [],
    baseBoundary: `holdout-${o.id}`,
  })
    .compile()
    .build();
}

const f = (v: Partial<InvoiceFields>): InvoiceFields => ({ ...EMPTY_FIELDS, ...v });
const line = (
  description: string,
  amountMinor: number,
  quantity: number | null = null,
  unit: number | null = null,
) => ({
  description,
  quantity,
  unitAmountMinor: unit,
  amountMinor,
});

export const holdout: HoldoutEntry[] = [
  {
    id: 'zendesk-pdf-columns',
    kind: 'invoice',
    fields: f({
      vendorName: 'Zendesk',
      vendorDomain: 'zendesk.com',
      catalogSlug: 'zendesk',
      invoiceNumber: 'INV-8841270',
      issueDate: '2026-02-15',
      periodStart: '2026-02-15',
      periodEnd: '2027-02-14',
      totalMinor: 1_499_025,
      taxMinor: 119_025,
      currency: 'USD',
      lineItems: [line('Suite Professional (Annual)', 1_380_000, 10, 138_000)],
      planName: 'Suite Professional',
      account: '9120044',
    }),
    build: async () =>
      mail({
        id: 'zendesk-pdf-columns',
        from: 'Zendesk Billing <billing@zendesk.com>',
        subject: 'Zendesk invoice INV-8841270',
        date: '2026-02-15T09:12:00Z',
        text: 'Hello,\n\nPlease find attached your invoice. Thank you for your business.\n\nZendesk Billing',
        pdf: {
          name: 'INV-8841270.pdf',
          content: await positionedPdf([
            [40, 40, 'zendesk', 20],
            [400, 40, 'INVOICE', 18],
            [40, 80, 'Zendesk, Inc.'],
            [40, 92, '989 Market Street'],
            [40, 104, 'San Francisco, CA 94103'],
            [330, 80, 'Invoice Number:'],
            [430, 80, 'INV-8841270'],
            [330, 92, 'Invoice Date:'],
            [430, 92, '02/15/2026'],
            [330, 104, 'Due Date:'],
            [430, 104, '03/17/2026'],
            [330, 116, 'Account Number:'],
            [430, 116, '9120044'],
            [40, 150, 'Bill To:'],
            [40, 162, 'Acme Robotics Inc.'],
            [40, 174, '200 Harbor Way, Boston, MA 02110'],
            [40, 210, 'Subscription: Suite Professional'],
            [330, 210, 'Service Period: 02/15/2026 - 02/14/2027'],
            [40, 240, 'Description'],
            [300, 240, 'Qty'],
            [360, 240, 'Unit Price'],
            [470, 240, 'Amount'],
            [40, 256, 'Suite Professional (Annual)'],
            [300, 256, '10'],
            [360, 256, '$1,380.00'],
            [470, 256, '$13,800.00'],
            [360, 290, 'Subtotal'],
            [470, 290, '$13,800.00'],
            [360, 302, 'Tax (8.625%)'],
            [470, 302, '$1,190.25'],
            [360, 318, 'Total Due'],
            [470, 318, 'USD 14,990.25'],
            [40, 360, 'Payment terms: Net 30. Please remit payment by wire transfer or ACH.'],
          ]),
        },
      }),
  },
  {
    id: 'canva-eur-text',
    kind: 'receipt',
    fields: f({
      vendorName: 'Canva',
      vendorDomain: 'canva.com',
      catalogSlug: 'canva',
      invoiceNumber: '04120-88713',
      issueDate: '2026-04-03',
      periodStart: '2026-04-03',
      periodEnd: '2027-04-02',
      totalMinor: 36_300,
      taxMinor: 6_300,
      currency: 'EUR',
      lineItems: [line('Canva Teams — yearly subscription (3 people)', 30_000)],
      planName: 'Teams',
      account: 'Studio Noord B.V.',
      cardLast4: '5100',
    }),
    build: () =>
      mail({
        id: 'canva-eur-text',
        from: 'Canva <no-reply@account.canva.com>',
        subject: 'Your Canva receipt',
        date: '2026-04-03T07:40:00Z',
        text: `Thanks for your payment!

Receipt
Invoice number: 04120-88713
Date: 3 April 2026
Billed to: Studio Noord B.V.

Canva Teams — yearly subscription (3 people)        € 300,00
Period: 3 April 2026 – 2 April 2027

Subtotal                                            € 300,00
VAT (21%)                                            € 63,00
Total                                               € 363,00

Paid with Mastercard ending 5100

Canva Pty Ltd, 110 Kippax Street, Surry Hills NSW 2010, Australia`,
      }),
  },
  {
    id: 'monday-gbp-pdf',
    kind: 'invoice',
    fields: f({
      vendorName: 'monday.com',
      vendorDomain: 'monday.com',
      catalogSlug: 'monday',
      invoiceNumber: '2026-1190234',
      issueDate: '2026-03-01',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      totalMinor: 36_000,
      taxMinor: 6_000,
      currency: 'GBP',
      lineItems: [line('Pro plan seats', 30_000, 15, 2_000)],
      planName: 'Pro',
      account: 'acmerobotics.monday.com',
    }),
    build: async () =>
      mail({
        id: 'monday-gbp-pdf',
        from: 'monday.com <billing@monday.com>',
        subject: 'Your monday.com invoice',
        date: '2026-03-01T03:00:00Z',
        text: 'Your invoice for acmerobotics.monday.com is attached.',
        pdf: {
          name: 'monday-invoice-2026-1190234.pdf',
          content: await positionedPdf([
            [40, 40, 'monday.com Ltd.', 16],
            [420, 40, 'Tax Invoice', 14],
            [40, 70, '6 Yitzhak Sadeh St., Tel Aviv, Israel'],
            [40, 82, 'VAT No. GB 350 2222 01'],
            [40, 110, 'Invoice #: 2026-1190234'],
            [40, 122, 'Issue date: 1 Mar 2026'],
            [40, 134, 'Account: acmerobotics.monday.com'],
            [300, 110, 'Plan: Pro'],
            [300, 122, 'Billing: Monthly'],
            [300, 134, 'Period: 1 Mar 2026 - 31 Mar 2026'],
            [40, 170, 'Item'],
            [260, 170, 'Quantity'],
            [340, 170, 'Price'],
            [460, 170, 'Total'],
            [40, 186, 'Pro plan seats'],
            [260, 186, '15'],
            [340, 186, '£20.00'],
            [460, 186, '£300.00'],
            [340, 220, 'VAT 20%'],
            [460, 220, '£60.00'],
            [340, 236, 'Total'],
            [460, 236, '£360.00'],
            [40, 280, 'Charged to the card on file on 1 Mar 2026.'],
          ]),
        },
      }),
  },
  {
    id: 'airtable-stripe-html',
    kind: 'receipt',
    fields: f({
      vendorName: 'Airtable',
      vendorDomain: 'airtable.com',
      catalogSlug: 'airtable',
      invoiceNumber: 'AT-0045-2291',
      issueDate: '2026-05-02',
      periodStart: '2026-05-02',
      periodEnd: '2027-05-02',
      totalMinor: 48_000,
      currency: 'USD',
      lineItems: [line('Team (annual)', 48_000, 2, 24_000)],
      planName: 'Team',
      cardLast4: '1234',
    }),
    build: () =>
      mail({
        id: 'airtable-stripe-html',
        from: 'Airtable <invoice+statements+acct_1Hx2abc@stripe.com>',
        subject: 'Your receipt from Airtable #1892-3341',
        date: '2026-05-02T16:20:00Z',
        html: `<!doctype html><html><head><style>td{font-family:sans-serif}</style><script>alert(1)</script></head><body>
<table width="100%"><tr><td align="center">
<table width="600">
<tr><td style="font-size:20px">Receipt from Airtable</td></tr>
<tr><td>Receipt #1892-3341</td></tr>
<tr><td><table><tr><td>AMOUNT PAID<br>$480.00</td><td>DATE PAID<br>May 2, 2026</td><td>PAYMENT METHOD<br>Visa - 1234</td></tr></table></td></tr>
<tr><td>Invoice number AT-0045-2291</td></tr>
<tr><td>SUMMARY</td></tr>
<tr><td>May 2, 2026 – May 2, 2027</td></tr>
<tr><td><table width="100%"><tr><td>Team (annual)<br>Qty 2 × $240.00</td><td align="right">$480.00</td></tr>
<tr><td>Amount paid</td><td align="right">$480.00</td></tr></table></td></tr>
<tr><td>If you have any questions, contact us at support@airtable.com.</td></tr>
</table></td></tr></table></body></html>`,
      }),
  },
  {
    id: 'proton-chf-pdf',
    kind: 'invoice',
    fields: f({
      vendorName: 'Proton',
      vendorDomain: 'proton.me',
      catalogSlug: 'proton-business',
      invoiceNumber: 'CH-2026-5521873',
      issueDate: '2026-06-12',
      periodStart: '2026-06-12',
      periodEnd: '2027-06-11',
      totalMinor: 129_240,
      taxMinor: 9_240,
      currency: 'CHF',
      lineItems: [line('Proton Business Suite, 12 months, 10 users', 120_000)],
      planName: 'Business Suite',
    }),
    build: async () =>
      mail({
        id: 'proton-chf-pdf',
        from: 'Proton <no-reply@proton.me>',
        subject: 'Proton invoice CH-2026-5521873',
        date: '2026-06-12T10:00:00Z',
        text: 'Dear customer, attached is your invoice. Proton AG',
        pdf: {
          name: 'Proton-invoice-CH-2026-5521873.pdf',
          content: await positionedPdf([
            [40, 40, 'Proton AG', 16],
            [40, 60, 'Route de la Galaise 32, 1228 Plan-les-Ouates, Switzerland'],
            [40, 100, 'INVOICE CH-2026-5521873', 13],
            [40, 130, 'Date: 12.06.2026'],
            [40, 142, 'Billing period: 12.06.2026 – 11.06.2027'],
            [40, 180, 'Description'],
            [420, 180, 'Amount'],
            [40, 196, 'Proton Business Suite, 12 months, 10 users'],
            [420, 196, "CHF 1'200.00"],
            [300, 230, 'Subtotal'],
            [420, 230, "CHF 1'200.00"],
            [300, 242, 'VAT 7.7%'],
            [420, 242, 'CHF 92.40'],
            [300, 258, 'Total'],
            [420, 258, "CHF 1'292.40"],
            [40, 300, 'Paid by bank transfer.'],
          ]),
        },
      }),
  },
  {
    id: 'docusign-invoice-html',
    kind: 'invoice',
    fields: f({
      vendorName: 'Docusign',
      vendorDomain: 'docusign.com',
      catalogSlug: 'docusign',
      invoiceNumber: '1000482211',
      issueDate: '2026-07-20',
      periodStart: '2026-07-20',
      periodEnd: '2027-07-19',
      totalMinor: 180_000,
      taxMinor: 0,
      currency: 'USD',
      lineItems: [line('eSignature Business Pro - Annual', 180_000, 3, 60_000)],
      planName: 'Business Pro',
      account: '51934022',
      cardLast4: '0005',
    }),
    build: () =>
      mail({
        id: 'docusign-invoice-html',
        from: 'Docusign Billing <dse_billing@docusign.net>',
        subject: 'Your Docusign Invoice 1000482211',
        date: '2026-07-20T13:00:00Z',
        html: `<html><body>
<h2>Thank you for your purchase</h2>
<p>Account ID: 51934022</p>
<table>
<tr><th align="left">Invoice No.</th><td>1000482211</td></tr>
<tr><th align="left">Invoice Date</th><td>Jul 20, 2026</td></tr>
<tr><th align="left">Term</th><td>Jul 20, 2026 to Jul 19, 2027</td></tr>
</table>
<table>
<tr><th>Product</th><th>Seats</th><th>Price</th><th>Total</th></tr>
<tr><td>eSignature Business Pro - Annual</td><td>3</td><td>$600.00</td><td>$1,800.00</td></tr>
</table>
<p>Sales Tax: $0.00<br><b>Total Charged: $1,800.00</b></p>
<p>Charged to American Express ending in 0005</p>
</body></html>`,
      }),
  },
  {
    id: 'clickup-text-receipt',
    kind: 'receipt',
    fields: f({
      vendorName: 'ClickUp',
      vendorDomain: 'clickup.com',
      catalogSlug: 'clickup',
      invoiceNumber: 'CU-37719204',
      issueDate: '2026-08-09',
      periodStart: '2026-08-09',
      periodEnd: '2026-09-08',
      totalMinor: 14_400,
      currency: 'USD',
      lineItems: [line('Business Plan', 14_400, 12, 1_200)],
      planName: 'Business',
      account: 'Acme Robotics Workspace',
      cardLast4: '8431',
    }),
    build: () =>
      mail({
        id: 'clickup-text-receipt',
        from: 'ClickUp <billing@clickup.com>',
        subject: 'Payment receipt - ClickUp',
        date: '2026-08-09T22:10:00Z',
        text: `Hi there,

We received your payment. Here are the details:

Workspace: Acme Robotics Workspace
Receipt: CU-37719204
Payment date: 08/09/2026

Business Plan (12 members x $12.00)         $144.00
Billing period: Aug 9, 2026 - Sep 8, 2026

Total paid: $144.00 USD
Card: MasterCard ****8431

Thanks for using ClickUp!`,
      }),
  },
  {
    id: 'grammarly-forwarded',
    kind: 'receipt',
    fields: f({
      vendorName: 'Grammarly',
      vendorDomain: 'grammarly.com',
      catalogSlug: 'grammarly',
      invoiceNumber: 'GR-55012-7781',
      issueDate: '2026-09-14',
      totalMinor: 18_000,
      taxMinor: 1_500,
      currency: 'CAD',
      lineItems: [line('Grammarly Pro - Annual', 16_500)],
      planName: 'Pro',
      cardLast4: '9920',
    }),
    build: () =>
      mail({
        id: 'grammarly-forwarded',
        from: 'Maya Chen <maya.chen@acme-robotics.com>',
        subject: 'Fwd: Your Grammarly receipt',
        date: '2026-09-15T08:03:00Z',
        text: `Can you file this one? Thanks, Maya

---------- Forwarded message ---------
From: Grammarly <orders@grammarly.com>
Date: Mon, Sep 14, 2026 at 5:41 PM
Subject: Your Grammarly receipt
To: <maya.chen@acme-robotics.com>

Order number: GR-55012-7781
Order date: September 14, 2026

Grammarly Pro - Annual                 CA$165.00
GST/HST                                 CA$15.00
Order total                            CA$180.00

Payment: Visa ending in 9920`,
      }),
  },
  {
    id: 'lucid-eur-de',
    kind: 'invoice',
    fields: f({
      vendorName: 'Lucidchart',
      vendorDomain: 'lucid.co',
      catalogSlug: 'lucidchart',
      invoiceNumber: 'LUC-DE-004417',
      issueDate: '2026-10-01',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      totalMinor: 107_100,
      taxMinor: 17_100,
      currency: 'EUR',
      lineItems: [line('Lucid Suite Team, 10 Lizenzen', 90_000, 10, 9_000)],
      planName: 'Team',
      account: 'Acme Robotics GmbH',
    }),
    build: async () =>
      mail({
        id: 'lucid-eur-de',
        from: 'Lucid Software <billing@lucid.co>',
        subject: 'Ihre Rechnung LUC-DE-004417',
        date: '2026-10-01T06:00:00Z',
        text: 'Guten Tag, anbei Ihre Rechnung.',
        pdf: {
          name: 'Rechnung_LUC-DE-004417.pdf',
          content: await positionedPdf([
            [40, 40, 'Lucid Software Inc.', 16],
            [40, 70, 'Rechnung', 14],
            [40, 96, 'Rechnungsnummer:'],
            [160, 96, 'LUC-DE-004417'],
            [40, 108, 'Rechnungsdatum:'],
            [160, 108, '01.10.2026'],
            [40, 120, 'Leistungszeitraum:'],
            [160, 120, '01.10.2026 - 31.10.2026'],
            [40, 132, 'Kunde:'],
            [160, 132, 'Acme Robotics GmbH'],
            [40, 170, 'Beschreibung'],
            [280, 170, 'Menge'],
            [340, 170, 'Einzelpreis'],
            [460, 170, 'Betrag'],
            [40, 186, 'Lucid Suite Team, 10 Lizenzen'],
            [280, 186, '10'],
            [340, 186, '90,00 €'],
            [460, 186, '900,00 €'],
            [340, 220, 'Nettobetrag'],
            [460, 220, '900,00 €'],
            [340, 232, 'USt. 19 %'],
            [460, 232, '171,00 €'],
            [340, 248, 'Gesamtbetrag'],
            [460, 248, '1.071,00 €'],
          ]),
        },
      }),
  },
  {
    id: 'box-aud-text',
    kind: 'invoice',
    fields: f({
      vendorName: 'Box',
      vendorDomain: 'box.com',
      catalogSlug: 'box',
      invoiceNumber: 'BX9981772',
      issueDate: '2026-11-02',
      periodStart: '2026-11-02',
      periodEnd: '2027-11-01',
      totalMinor: 277_200,
      taxMinor: 25_200,
      currency: 'AUD',
      lineItems: [line('Business Plus - 12 months', 252_000, 7, 36_000)],
      planName: 'Business Plus',
      account: 'acme-au',
    }),
    build: () =>
      mail({
        id: 'box-aud-text',
        from: 'Box <noreply@box.com>',
        subject: 'Box Invoice BX9981772',
        date: '2026-11-02T01:30:00Z',
        text: `Box, Inc. — Tax Invoice

Invoice:        BX9981772
Invoice Date:   2 Nov 2026
Enterprise ID:  acme-au
Term:           2 Nov 2026 to 1 Nov 2027

Business Plus - 12 months    7 users @ A$360.00    A$2,520.00
GST (10%)                                            A$252.00
TOTAL (AUD)                                        A$2,772.00

Payment due within 30 days.`,
      }),
  },
  {
    id: 'newsletter-with-prices',
    kind: 'not_invoice',
    fields: null,
    build: () =>
      mail({
        id: 'newsletter-with-prices',
        from: 'Webflow <news@webflow.com>',
        subject: 'Black Friday: 40% off annual Site plans',
        date: '2026-11-20T15:00:00Z',
        html: `<html><body><h1>Our biggest sale of the year</h1>
<p>Upgrade to CMS for just $14/mo billed yearly (was $23). Business plans from $39/mo.</p>
<p>Offer ends November 30, 2026. <a href="https://webflow.com/pricing">See pricing</a></p>
<p><a href="https://webflow.com/unsubscribe">Unsubscribe</a></p></body></html>`,
      }),
  },
  {
    id: 'loom-jpy-html',
    kind: 'receipt',
    fields: f({
      vendorName: 'Loom',
      vendorDomain: 'loom.com',
      catalogSlug: 'loom',
      invoiceNumber: 'LM-77102',
      issueDate: '2026-05-20',
      periodStart: '2026-05-20',
      periodEnd: '2026-06-19',
      totalMinor: 4_950,
      taxMinor: 450,
      currency: 'JPY',
      lineItems: [line('Business × 3', 4_500)],
      planName: 'Business',
      cardLast4: '3316',
    }),
    build: () =>
      mail({
        id: 'loom-jpy-html',
        from: 'Loom <billing@loom.com>',
        subject: 'Receipt for your Loom payment',
        date: '2026-05-20T00:10:00Z',
        html: `<div><p>Receipt LM-77102</p><p>Paid on 2026-05-20 with JCB •••• 3316</p>
<p>Service period 2026-05-20 to 2026-06-19</p>
<table><tr><td>Business × 3</td><td>¥4,500</td></tr><tr><td>Consumption tax (10%)</td><td>¥450</td></tr>
<tr><td><b>Total</b></td><td><b>¥4,950</b></td></tr></table></div>`,
      }),
  },
];
