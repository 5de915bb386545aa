// Structured e-invoices (Factur-X/ZUGFeRD CII in a PDF, UBL as an attachment): the XML states the
// fields exactly, so it wins over the text; hostile or oversized XML never does harm and never
// stops the text reading.
import MailComposer from 'nodemailer/lib/mail-composer';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_XML_MAX_BYTES } from '../../../lib/untrusted/limits';
import { readInboundMessage } from '.';
import { readEInvoice } from './einvoice';

const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

interface Invoice {
  number: string;
  date: string; // YYYYMMDD
  seller: string;
  email?: string;
  total: string;
  tax: string;
  currency: string;
  typeCode?: string;
}

/** A minimal Factur-X (CII) invoice; `p` names the prefixes, to show they do not matter. */
function cii(i: Invoice, p = { rsm: 'rsm', ram: 'ram', udt: 'udt' }): string {
  const { rsm, ram, udt } = p;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${rsm}:CrossIndustryInvoice xmlns:${rsm}="${RSM}" xmlns:${ram}="${RAM}" xmlns:${udt}="${UDT}">
  <${rsm}:ExchangedDocument><${ram}:ID>${i.number}</${ram}:ID><${ram}:TypeCode>${i.typeCode ?? '380'}</${ram}:TypeCode>
    <${ram}:IssueDateTime><${udt}:DateTimeString format="102">${i.date}</${udt}:DateTimeString></${ram}:IssueDateTime>
  </${rsm}:ExchangedDocument>
  <${rsm}:SupplyChainTradeTransaction>
    <${ram}:IncludedSupplyChainTradeLineItem>
      <${ram}:SpecifiedTradeProduct><${ram}:Name>Subscription</${ram}:Name></${ram}:SpecifiedTradeProduct>
      <${ram}:SpecifiedLineTradeSettlement><${ram}:SpecifiedTradeSettlementLineMonetarySummation>
        <${ram}:LineTotalAmount>${(Number(i.total) - Number(i.tax)).toFixed(2)}</${ram}:LineTotalAmount>
      </${ram}:SpecifiedTradeSettlementLineMonetarySummation></${ram}:SpecifiedLineTradeSettlement>
    </${ram}:IncludedSupplyChainTradeLineItem>
    <${ram}:ApplicableHeaderTradeAgreement><${ram}:SellerTradeParty><${ram}:Name>${i.seller}</${ram}:Name>
      ${i.email ? `<${ram}:URIUniversalCommunication><${ram}:URIID schemeID="EM">${i.email}</${ram}:URIID></${ram}:URIUniversalCommunication>` : ''}
    </${ram}:SellerTradeParty></${ram}:ApplicableHeaderTradeAgreement>
    <${ram}:ApplicableHeaderTradeSettlement>
      <${ram}:InvoiceCurrencyCode>${i.currency}</${ram}:InvoiceCurrencyCode>
      <${ram}:SpecifiedTradeSettlementHeaderMonetarySummation>
        <${ram}:TaxTotalAmount currencyID="${i.currency}">${i.tax}</${ram}:TaxTotalAmount>
        <${ram}:GrandTotalAmount>${i.total}</${ram}:GrandTotalAmount>
        <${ram}:DuePayableAmount>${i.total}</${ram}:DuePayableAmount>
      </${ram}:SpecifiedTradeSettlementHeaderMonetarySummation>
    </${ram}:ApplicableHeaderTradeSettlement>
  </${rsm}:SupplyChainTradeTransaction>
</${rsm}:CrossIndustryInvoice>`;
}

/** A minimal UBL 2.1 invoice or credit note (Peppol BIS 3 shape), default namespace for the root. */
function ubl(i: Invoice, root: 'Invoice' | 'CreditNote' = 'Invoice'): string {
  const line = root === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const qty = root === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const date = `${i.date.slice(0, 4)}-${i.date.slice(4, 6)}-${i.date.slice(6)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${i.number}</cbc:ID><cbc:IssueDate>${date}</cbc:IssueDate>
  <cbc:DocumentCurrencyCode>${i.currency}</cbc:DocumentCurrencyCode>
  <cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-28</cbc:EndDate></cac:InvoicePeriod>
  <cac:AccountingSupplierParty><cac:Party>
    <cbc:EndpointID schemeID="EM">${i.email ?? 'billing@example.org'}</cbc:EndpointID>
    <cac:PartyLegalEntity><cbc:RegistrationName>${i.seller}</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="${i.currency}">${i.tax}</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:TaxInclusiveAmount currencyID="${i.currency}">${i.total}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${i.currency}">${i.total}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:${line}><cbc:ID>1</cbc:ID><cbc:${qty} unitCode="C62">2</cbc:${qty}>
    <cbc:LineExtensionAmount currencyID="${i.currency}">${(Number(i.total) - Number(i.tax)).toFixed(2)}</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Consulting</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${i.currency}">${((Number(i.total) - Number(i.tax)) / 2).toFixed(2)}</cbc:PriceAmount></cac:Price>
  </cac:${line}>
</${root}>`;
}

/** A PDF whose visible text is `lines`, carrying `xml` as an embedded file named `name`. */
function pdf(lines: string[], xml?: string, name = 'factur-x.xml'): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    lines.forEach((line, n) => doc.text(line, 50, 80 + n * 20));
    // AFRelationship (Factur-X, PDF/A-3): pdfkit writes it; its type definitions do not know it yet.
    const embedded = { name, type: 'text/xml', relationship: 'Alternative' };
    if (xml) doc.file(Buffer.from(xml), embedded);
    doc.end();
  });
}

function mail(
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>,
  text = 'Please find attached our invoice.',
) {
  return new MailComposer({
    from: 'Rechnungen <rechnung@lieferant.example>',
    to: 'invoices+tok@in.stackwise.app',
    subject: 'Ihre Rechnung',
    date: new Date('2026-03-03T10:00:00Z'),
    messageId: '<e1@lieferant.example>',
    text,
    attachments,
  })
    .compile()
    .build();
}

const TEXT = [
  'Rechnung',
  'Lieferant GmbH',
  'Rechnungsnummer: TXT-1',
  'Rechnungsdatum: 01.02.2026',
  'Plan: Business',
  'Gesamtbetrag: 100,00 EUR',
];
const XML_INVOICE: Invoice = {
  number: 'RE-2026-0815',
  date: '20260215',
  seller: 'Lieferant GmbH',
  email: 'rechnung@lieferant.example',
  total: '1190.00',
  tax: '190.00',
  currency: 'EUR',
};
const asPdf = (content: Buffer) => ({ filename: 'rechnung.pdf', content, contentType: 'application/pdf' });

describe('e-invoice data', () => {
  it('Factur-X XML wins over the PDF text, field by field; the text fills only what the XML lacks', async () => {
    const read = await readInboundMessage(await mail([asPdf(await pdf(TEXT, cii(XML_INVOICE)))]));
    expect(read.kind).toBe('invoice');
    expect(read.documentIndex).toBe(0);
    expect(read.fields).toMatchObject({
      vendorName: 'Lieferant GmbH',
      invoiceNumber: 'RE-2026-0815',
      issueDate: '2026-02-15',
      totalMinor: 119000,
      taxMinor: 19000,
      currency: 'EUR',
    });
    expect(read.fields.lineItems.map((l) => l.amountMinor)).toEqual([100000]);
    expect(read.fieldConfidence.totalMinor).toBe(0.99);
    expect(read.fieldConfidence.issueDate).toBe(0.99);
    expect(read.fields.planName).toBe('Business');
  }, 60_000);

  it('reads every embedded name an e-invoice travels under (ZUGFeRD, XRechnung, any .xml)', async () => {
    for (const name of ['zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml', 'data.XML']) {
      const read = await readInboundMessage(await mail([asPdf(await pdf(TEXT, cii(XML_INVOICE), name))]));
      expect(read.fields.totalMinor, name).toBe(119000);
    }
  }, 60_000);

  it('reads a UBL (Peppol BIS, XRechnung) attachment, even with no invoice words around it', async () => {
    const xml = Buffer.from(ubl({ ...XML_INVOICE, number: 'INV-77', total: '595.00', tax: '95.00' }));
    for (const [filename, contentType] of [
      ['invoice.xml', 'application/xml'],
      ['INV-77', 'text/xml'],
      ['INV-77.xml', 'application/octet-stream'],
    ]) {
      const read = await readInboundMessage(await mail([{ filename, content: xml, contentType }], 'Hello'));
      expect(read.kind, filename).toBe('invoice');
      expect(read.documentIndex).toBe(0);
      expect(read.fields).toMatchObject({
        invoiceNumber: 'INV-77',
        issueDate: '2026-02-15',
        periodStart: '2026-02-01',
        periodEnd: '2026-02-28',
        totalMinor: 59500,
        taxMinor: 9500,
        currency: 'EUR',
        vendorName: 'Lieferant GmbH',
      });
      expect(read.fields.lineItems).toEqual([
        { description: 'Consulting', quantity: 2, unitAmountMinor: 25000, amountMinor: 50000 },
      ]);
    }
  }, 60_000);

  it('a credit note is negative, in either syntax', () => {
    const credit = { ...XML_INVOICE, total: '119.00', tax: '19.00' };
    expect(readEInvoice(ubl(credit, 'CreditNote'))?.fields).toMatchObject({
      totalMinor: -11900,
      taxMinor: -1900,
    });
    expect(readEInvoice(cii({ ...credit, typeCode: '381' }))?.fields).toMatchObject({
      totalMinor: -11900,
      taxMinor: -1900,
    });
    expect(readEInvoice(cii({ ...credit, typeCode: '381' }))?.fields.lineItems[0]?.amountMinor).toBe(-10000);
  });

  it('the vendor is the seller: the catalogue app its name is, the product its lines name; never a line item', () => {
    const sold = (seller: string, line: string) => {
      const xml = cii({ ...XML_INVOICE, seller }).replace('>Subscription<', `>${line}<`);
      return readEInvoice(xml)?.fields;
    };
    expect(sold('Atlassian Pty Ltd', 'Confluence Standard (Cloud)')).toMatchObject({
      vendorName: 'Atlassian Pty Ltd',
      catalogSlug: 'confluence',
    });
    expect(sold('Slack Technologies Limited', 'Pro plan')?.catalogSlug).toBe('slack');
    // A line naming a catalogue product is not who billed: an unknown seller stays uncatalogued.
    expect(sold('Lieferant GmbH', 'Slack Pro')).toMatchObject({
      vendorName: 'Lieferant GmbH',
      catalogSlug: null,
    });
  });

  it('reads ZUGFeRD 1.0 (CrossIndustryDocument, its own element names and namespace versions)', () => {
    const ram = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12';
    const udt = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="${ram}" xmlns:udt="${udt}">
  <rsm:HeaderExchangedDocument><ram:ID>RE1337</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20130305</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>Lieferant GmbH</ram:Name></ram:SellerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:TaxTotalAmount currencyID="EUR">37.62</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">235.62</ram:GrandTotalAmount>
        <ram:DuePayableAmount currencyID="EUR">235.62</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">20.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="EUR">198.00</ram:LineTotalAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct><ram:Name>Trennblätter A4</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;
    expect(readEInvoice(xml)?.fields).toMatchObject({
      vendorName: 'Lieferant GmbH',
      invoiceNumber: 'RE1337',
      issueDate: '2013-03-05',
      totalMinor: 23562,
      taxMinor: 3762,
      currency: 'EUR',
      lineItems: [{ description: 'Trennblätter A4', quantity: 20, amountMinor: 19800 }],
    });
  });

  it('finds elements by namespace, never by prefix', () => {
    const renamed = cii(XML_INVOICE, { rsm: 'a', ram: 'b', udt: 'c' });
    expect(readEInvoice(renamed)?.fields.totalMinor).toBe(119000);
    // The usual prefixes bound to other namespaces are not an e-invoice.
    const impostor = cii(XML_INVOICE).replace(RAM, 'urn:example:not-cii');
    expect(readEInvoice(impostor)?.fields.totalMinor ?? null).toBeNull();
  });

  it('malformed or hostile XML (entity expansion, external entity, DTD, broken) fails safe to the text reading', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>';
    const external = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>';
    const good = cii(XML_INVOICE).replace(/^<\?xml[^>]*>/, '');
    const hostile = [
      laughs + good.replace('RE-2026-0815', '&d;'),
      external + good.replace('RE-2026-0815', '&x;'),
      cii(XML_INVOICE).slice(0, 900),
      '<not-xml',
      '',
    ];
    for (const xml of hostile) {
      expect(readEInvoice(xml)).toBeNull();
      const read = await readInboundMessage(await mail([asPdf(await pdf(TEXT, xml || undefined))]));
      expect(read.kind).toBe('invoice');
      expect(read.fields.totalMinor).toBe(10000);
      expect(read.fields.invoiceNumber).toBe('TXT-1');
    }
  }, 60_000);

  it('an embedded XML over the size limit is ignored (the text is read)', async () => {
    const padding = `<!--${'x'.repeat(EMBEDDED_XML_MAX_BYTES)}-->`;
    const huge = cii(XML_INVOICE).replace('<rsm:ExchangedDocument>', `${padding}<rsm:ExchangedDocument>`);
    const read = await readInboundMessage(await mail([asPdf(await pdf(TEXT, huge))]));
    expect(read.fields.totalMinor).toBe(10000);
    expect(read.fields.invoiceNumber).toBe('TXT-1');
    expect(readEInvoice(huge)).toBeNull();
  }, 60_000);

  it('an XML that is not an e-invoice (any other document) is not read as one', async () => {
    const other = '<?xml version="1.0"?><order xmlns="urn:example:orders"><total>5.00</total></order>';
    expect(readEInvoice(other)).toBeNull();
    const read = await readInboundMessage(await mail([asPdf(await pdf(TEXT, other))]));
    expect(read.fields.totalMinor).toBe(10000);
  }, 60_000);
});
