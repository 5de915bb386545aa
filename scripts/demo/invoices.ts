// The demo company's forwarded invoices (issue 18): a few messages in every state of the inbox,
// delivered to its own address and read by the real pipeline (store first, read, decide, book),
// after the demo transaction committed — like tonight's mail would be.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { findCatalogApp } from '../../common/catalog/catalog';
import { addDays, addMonths } from '../../common/dates';
import { subscriptions } from '../../server/db/schema';
import { getOrCreateInboundToken, inboundAddress } from '../../server/modules/invoice-forwarding/address';
import {
  buildMail,
  forwardedBy,
  type MailSpec,
} from '../../server/modules/invoice-forwarding/fixtures/builders/mail';
import { invoicePdf } from '../../server/modules/invoice-forwarding/fixtures/builders/pdf';
import { date, money } from '../../server/modules/invoice-forwarding/fixtures/builders/format';
import { processInboundMessage } from '../../server/modules/invoice-forwarding/process';
import { receiveMessage } from '../../server/modules/invoice-forwarding/receive.service';
import type { ServiceDeps } from '../../server/types';

const longDate = (iso: string) => date(iso, 'long');

/** A monthly flat application of the demo with a catalogue domain: what a vendor invoices. */
async function invoicedApplication(deps: ServiceDeps, orgId: string) {
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.billingCycle, 'monthly'),
        isNotNull(subscriptions.catalogSlug),
      ),
    )
    .orderBy(asc(subscriptions.name));
  return rows.find((r) => r.pricingModel === 'flat' && findCatalogApp(r.catalogSlug!)?.domain) ?? null;
}

function invoiceMail(
  app: { name: string; amountMinor: number; currency: string; catalogSlug: string },
  issued: string,
  to: string,
): Promise<MailSpec> {
  const entry = findCatalogApp(app.catalogSlug)!;
  const number = `${app.name.slice(0, 3).toUpperCase()}-${issued.replaceAll('-', '')}`;
  const end = addMonths(issued, 1);
  const total = money(app.amountMinor, app.currency);
  return invoicePdf({
    layout: 'headerBlock',
    title: 'INVOICE',
    seller: [entry.vendor, `billing@${entry.domain}`],
    billTo: { label: 'Bill to', lines: ['Demo Company Inc.', '500 Market Street, San Francisco, CA'] },
    meta: [
      ['Invoice number', number],
      ['Invoice date', longDate(issued)],
      ['Service period', `${longDate(issued)} – ${longDate(addDays(end, -1))}`],
    ],
    tables: [{ columns: ['Description', 'Amount'], rows: [[`${app.name} subscription (monthly)`, total]] }],
    totals: [
      ['Subtotal', total],
      ['Total', total],
    ],
    created: `${issued}T08:00:00Z`,
  }).then((pdf) => ({
    id: `demo-${app.catalogSlug}-${issued}`,
    from: `${entry.vendor} <billing@${entry.domain}>`,
    to,
    subject: `Your ${app.name} invoice ${number}`,
    date: `${issued}T08:00:00Z`,
    text: `Hello,\n\nYour invoice ${number} for ${total} is attached.\n\n${entry.vendor}`,
    attachments: [{ filename: `${number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  }));
}

/** A 1×1 PNG: a phone photo of a paper receipt, as far as the reader can tell. */
const SCAN = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Delivers and processes the demo's messages; returns how many were stored. */
export async function deliverDemoInvoices(deps: ServiceDeps, orgId: string, today: string): Promise<number> {
  const to = inboundAddress(await getOrCreateInboundToken(deps.db, orgId), deps.env.INBOUND_DOMAIN);
  const messages: MailSpec[] = [];
  const app = await invoicedApplication(deps, orgId);
  if (app) {
    // Its last charge: the invoice's period then ends where the application's next renewal is.
    const issued = app.nextRenewalDate ? addMonths(app.nextRenewalDate, -1) : addDays(today, -3);
    const invoice = await invoiceMail({ ...app, catalogSlug: app.catalogSlug! }, issued, to);
    messages.push(invoice);
    // A colleague forwards the same invoice a day later: recognised, never booked twice.
    messages.push(
      forwardedBy(
        'Sam Rivera <sam@demo-company.com>',
        invoice,
        'For the books!',
        `${addDays(issued, 1)}T10:30:00Z`,
      ),
    );
  }
  messages.push(
    {
      id: 'demo-scan',
      from: 'Alex Kim <alex@demo-company.com>',
      to,
      subject: 'Receipt from the design conference tool',
      date: `${addDays(today, -1)}T16:05:00Z`,
      text: 'Photo of the paper receipt attached.',
      attachments: [{ filename: 'receipt.png', content: SCAN, contentType: 'image/png' }],
    },
    {
      id: 'demo-newsletter',
      from: 'Figma <news@figma.com>',
      to,
      subject: 'What’s new in Figma this month',
      date: `${addDays(today, -5)}T14:00:00Z`,
      html: '<h1>Config recap</h1><p>Watch the keynote and try the new features.</p><p><a href="https://figma.com/unsubscribe">Unsubscribe</a></p>',
      headers: { 'List-Unsubscribe': '<https://figma.com/unsubscribe>' },
    },
    {
      // A scanner's mail whose PDF arrived broken: nothing to read, nothing to book.
      id: 'demo-corrupt',
      from: 'Office Scanner <scanner@demo-company.com>',
      to,
      subject: 'Scanned document from WorkCentre 6515',
      date: `${addDays(today, -6)}T09:00:00Z`,
      text: 'Please open the attached document.',
      attachments: [
        {
          filename: 'scan_0042.pdf',
          content: Buffer.from('%PDF-1.4\n%broken'),
          contentType: 'application/pdf',
        },
      ],
    },
  );
  let stored = 0;
  for (const spec of messages) {
    const received = await receiveMessage(deps, {
      transport: 'raw',
      raw: await buildMail(spec),
      recipients: [to],
    });
    if (!received.ok) continue;
    // Read now, so the demo shows the inbox at once; the queued job then finds it done.
    for (const m of received.messages) await processInboundMessage(deps, m.orgId, m.id);
    stored += received.messages.length;
  }
  return stored;
}
