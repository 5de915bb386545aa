// Field reading on plain document text: the shapes invoices print amounts, dates and labels in.
import { describe, expect, it } from 'vitest';
import { readFields } from './fields';

const read = (text: string, senders = ['billing@example.com'], senderNames = ['Example']) =>
  readFields({ text, subject: '', senders, senderNames, sentAt: null });

describe('readFields', () => {
  it('reads a German invoice: decimal commas, "12. März 2026", MwSt, Leistungszeitraum', () => {
    const { fields } = read(
      [
        'Rechnung',
        'Rechnungsnummer: R-2026-0815',
        'Rechnungsdatum: 12. März 2026',
        'Leistungszeitraum: 01.03.2026 - 31.03.2026',
        'Beschreibung  Menge  Einzelpreis  Betrag',
        'Team-Lizenz  5  12,00 €  60,00 €',
        'Zwischensumme  1.060,00 €',
        'MwSt. 19%  201,40 €',
        'Gesamtbetrag  1.261,40 €',
      ].join('\n'),
    );
    expect(fields).toMatchObject({
      invoiceNumber: 'R-2026-0815',
      issueDate: '2026-03-12',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      totalMinor: 126140,
      taxMinor: 20140,
      currency: 'EUR',
      lineItems: [{ description: 'Team-Lizenz', quantity: 5, unitAmountMinor: 1200, amountMinor: 6000 }],
    });
  });

  it('reads yen without minor units, a period without the first year, and "•••• 4242"', () => {
    const { fields } = read(
      [
        'Invoice #JP-77',
        'Date: 2026/03/05',
        'Period: Dec 5 – Jan 4, 2027',
        'Total  ¥12,000',
        'Card •••• 4242',
      ].join('\n'),
    );
    expect(fields).toMatchObject({
      invoiceNumber: 'JP-77',
      issueDate: '2026-03-05',
      periodStart: '2026-12-05',
      periodEnd: '2027-01-04',
      totalMinor: 12000,
      currency: 'JPY',
      cardLast4: '4242',
    });
  });

  it('reads day-first slashed dates when the document proves the order, month-first for dollars', () => {
    expect(read('Invoice date: 25/03/2026\nTotal  £10.00').fields.issueDate).toBe('2026-03-25');
    expect(read('Invoice date: 03/04/2026\nTotal  $10.00').fields.issueDate).toBe('2026-03-04');
    expect(read('Invoice date: 03/04/2026\nTotal  €10,00').fields.issueDate).toBe('2026-04-03');
  });

  it('names the merchant of a processor receipt, never the processor', () => {
    const { fields, confidence } = read(
      'Receipt from Figma, Inc.\nAmount paid  $45.00',
      ['invoice+statements@stripe.com'],
      ['Figma, Inc.'],
    );
    expect(fields).toMatchObject({ catalogSlug: 'figma', totalMinor: 4500, currency: 'USD' });
    expect(fields.vendorDomain).not.toBe('stripe.com');
    expect(confidence.vendorName).toBeGreaterThan(0.7);
  });

  it('prefers the total over a zero amount due, and ignores VAT numbers as tax', () => {
    const { fields } = read(
      [
        'VAT number: GB123456789',
        'Subtotal  $100.00',
        'VAT (20%)  $20.00',
        'Total  $120.00',
        'Amount due  $0.00',
      ].join('\n'),
    );
    expect(fields).toMatchObject({ totalMinor: 12000, taxMinor: 2000 });
  });
});

describe('the total is the amount payable including tax', () => {
  // Each document prints a net, a tax and a gross line (in its own words and order): the gross wins.
  const documents: Array<[string, string[], number]> = [
    ['German', ['Nettobetrag  100,00 €', 'MwSt 19 %  19,00 €', 'Bruttosumme  119,00 €'], 11900],
    ['German Zahlbetrag', ['Netto  100,00 EUR', 'USt 19 %  19,00 EUR', 'Zahlbetrag  119,00 EUR'], 11900],
    ['German Rechnungsbetrag', ['Rechnungsbetrag  119,00 €', 'darin MwSt 19 %  19,00 €'], 11900],
    ['German Brutto', ['Netto  100,00 €', 'MwSt  19,00 €', 'Brutto  119,00 €'], 11900],
    ['French TTC', ['Total HT  100,00 €', 'TVA 20 %  20,00 €', 'Total TTC  120,00 €'], 12000],
    ['French net à payer', ['Montant HT  100,00 €', 'TVA  20,00 €', 'Net à payer  120,00 €'], 12000],
    ['French montant TTC', ['Montant TTC  120,00 €', 'dont TVA  20,00 €'], 12000],
    ['Spanish', ['Base imponible  100,00 €', 'IVA 21 %  21,00 €', 'Total factura  121,00 €'], 12100],
    ['Spanish importe', ['Base imponible  100,00 €', 'IVA  21,00 €', 'Importe total  121,00 €'], 12100],
    ['Dutch', ['Subtotaal  € 100,00', 'BTW 21%  € 21,00', 'Totaalbedrag  € 121,00'], 12100],
    ['Dutch te betalen', ['Totaal excl. BTW  € 100,00', 'BTW  € 21,00', 'Te betalen  € 121,00'], 12100],
    [
      'Italian',
      ['Totale imponibile  100,00 €', 'Totale imposta  22,00 €', 'Totale documento  122,00 €'],
      12200,
    ],
    ['Italian da pagare', ['Imponibile  100,00 €', 'IVA 22%  22,00 €', 'Totale da pagare  122,00 €'], 12200],
    ['English amount due', ['Subtotal  $500.00', 'VAT total  $75.04', 'Amount due  $571.04'], 57104],
    ['English balance due', ['Net total  $500.00', 'Tax  $71.04', 'Balance due  $571.04'], 57104],
    ['English grand total', ['Total excl. VAT  £10.00', 'VAT  £2.00', 'Grand total  £12.00'], 1200],
  ];
  it.each(documents)('%s: the gross, never the net or the tax line', (_name, totals, gross) => {
    const { fields } = read(['Invoice', 'Item  1  9.99', ...totals].join('\n'));
    expect(fields.totalMinor).toBe(gross);
  });

  it('never takes an allowance or charge sub-total ("Gesamtbetrag der Zuschläge") as the total', () => {
    const { fields } = read(
      [
        'Rechnung',
        'Gesamtbetrag der Zuschläge  0,00 €',
        'Summe Nettobeträge  28,00 €',
        'Umsatzsteuer 19 %  5,32 €',
        'Bruttosumme  33,32 €',
        'Gesamtbetrag der Zuschläge  0,00 €',
      ].join('\n'),
    );
    expect(fields.totalMinor).toBe(3332);
  });

  it('never takes a tax line that mentions the total ("TOTAL INCLUDES 6% GST", "GST INCLUDED IN TOTAL")', () => {
    for (const tax of ['TOTAL INCLUDES 6% GST  0.48', 'GST @6% INCLUDED IN TOTAL  RM 0.48']) {
      const { fields } = read(['TAX INVOICE', 'TAKEOUT TOTAL (INCL GST)  8.50', tax].join('\n'));
      expect(fields.totalMinor, tax).toBe(850);
    }
  });

  it('takes the amount after cash rounding over the unrounded total', () => {
    const { fields } = read(
      ['TAX INVOICE', 'TOTAL:  72.93', 'RND ADJ  0.02', 'TTL ATF RND  72.95'].join('\n'),
    );
    expect(fields.totalMinor).toBe(7295);
  });

  it('reads "Total amount payable" as the total, after the total before rounding', () => {
    const { fields } = read(
      [
        'TAX CASH SALES',
        'TOTAL AMT INCL GST @ 6% :  7.42',
        'ROUNDING ADJUSTMENT :  (0.01)',
        'TOTAL AMT PAYABLE :  7.40',
      ].join('\n'),
    );
    expect(fields.totalMinor).toBe(740);
  });

  it('takes cash less change as the total, unsure, when no total label can be read', () => {
    const { fields, confidence } = read(
      ['RECEIPT', 'T L', '94.00', 'CASH', '94.00', 'CHANGE', '0.00'].join('\n'),
    );
    expect(fields.totalMinor).toBe(9400);
    expect(confidence.totalMinor).toBeLessThan(0.8);
  });

  it('is unsure of an amount beside its label on another line, unless cash less change proves it', () => {
    // A skewed scan: each amount stands a line above its label.
    const skewed = ['RECEIPT', '26.50', '8  TOTAL', '50.00', 'CASH', 'CHANGE  23.50'];
    const proven = read(skewed.join('\n'));
    expect(proven.fields.totalMinor).toBe(2650);
    expect(proven.confidence.totalMinor).toBeGreaterThanOrEqual(0.8);
    const unproven = read(skewed.slice(0, 4).join('\n'));
    expect(unproven.confidence.totalMinor).toBeLessThan(0.8);
  });
});

describe('the issue date', () => {
  const formats: Array<[string, string]> = [
    ['Invoice date: 20.11.2014', '2014-11-20'],
    ['Invoice date: Nov 20, 2014', '2014-11-20'],
    ['Billing date: 20 Nov 2014', '2014-11-20'],
    ['Issue date: 2014-11-20', '2014-11-20'],
    ['Date of issue: 20/11/2014', '2014-11-20'],
    ['Rechnungsdatum: 20. November 2014', '2014-11-20'],
    ['Datum: 20.11.2014', '2014-11-20'],
    ['Date de facture : 20 novembre 2014', '2014-11-20'],
    ['Fecha de factura: 20 de noviembre de 2014', '2014-11-20'],
    ['Fecha: 20/11/2014', '2014-11-20'],
    ['Factuurdatum: 20 november 2014', '2014-11-20'],
    ['Data fattura: 20 novembre 2014', '2014-11-20'],
    ['Data: 20/11/2014', '2014-11-20'],
    ['Receipt #: 4411   Date: 20/11/2014', '2014-11-20'],
  ];
  it.each(formats)('reads "%s"', (line, date) => {
    const { fields, confidence } = read(['Invoice', line, 'Total  120,00 €'].join('\n'));
    expect(fields.issueDate).toBe(date);
    expect(confidence.issueDate).toBeGreaterThanOrEqual(0.8);
  });

  it('never takes a due date for the issue date, in any language', () => {
    for (const due of ['Due date', 'Fällig am', 'Échéance', 'Vencimiento', 'Vervaldatum', 'Scadenza']) {
      const { fields } = read(
        ['Invoice', `${due}: 20.12.2014`, 'Date: 20.11.2014', 'Total  10,00 €'].join('\n'),
      );
      expect(fields.issueDate, due).toBe('2014-11-20');
    }
  });

  it('takes the date the mail was sent only as a low-confidence guess', () => {
    const { fields, confidence } = readFields({
      text: 'Invoice\nTotal  $10.00',
      subject: '',
      senders: ['billing@example.com'],
      senderNames: ['Example'],
      sentAt: new Date('2026-03-03T10:00:00Z'),
    });
    expect(fields.issueDate).toBe('2026-03-03');
    expect(confidence.issueDate).toBeLessThan(0.8);
  });

  it('is unsure of a date that reads both ways when nothing tells the order', () => {
    const { confidence } = read('Receipt\nDate: 03/04/2018\nTotal  10.00');
    expect(confidence.issueDate).toBeLessThan(0.8);
    // Another date on the page proves the order: day first.
    const proven = read('Receipt\nDate: 03/04/2018\nPrinted 25/04/2018\nTotal  10.00');
    expect(proven.fields.issueDate).toBe('2018-04-03');
    expect(proven.confidence.issueDate).toBeGreaterThanOrEqual(0.8);
  });

  it("takes a receipt's unlabelled time of sale as its date when it is the only date printed", () => {
    const { fields } = read('TAX INVOICE\nINV# 0036219\nORD #07 -REG #19- 10/03/2018  17:24:07\nTOTAL  8.50');
    expect(fields.issueDate).toBe('2018-03-10');
  });
});

describe('the invoice number, prefixes and letters kept', () => {
  const labels: Array<[string, string]> = [
    ['Invoice # E2014-001', 'E2014-001'],
    ['Invoice No. E2014-001', 'E2014-001'],
    ['Invoice number: E2014-001', 'E2014-001'],
    ['Bill number: E2014-001', 'E2014-001'],
    ['Rechnung Nr. E2014-001', 'E2014-001'],
    ['Rechnungs-Nr.: E2014-001', 'E2014-001'],
    ['Rechnungsnummer: E2014-001', 'E2014-001'],
    ['Handelsrechnung Nr. E2014-001', 'E2014-001'],
    ['Facture n° E2014-001', 'E2014-001'],
    ['N° de facture : E2014-001', 'E2014-001'],
    ['Numéro de facture : E2014-001', 'E2014-001'],
    ['Factura nº E2014-001', 'E2014-001'],
    ['Número de factura: E2014-001', 'E2014-001'],
    ['Factuurnummer: E2014-001', 'E2014-001'],
    ['Fattura n. E2014-001', 'E2014-001'],
    ['Numero fattura: E2014-001', 'E2014-001'],
    ['INVOICE NO :  CS 24399', 'CS 24399'],
    ['INV# 003621900059183', '003621900059183'],
    ['DOC NO. : CS00012494', 'CS00012494'],
    ['RECEIPT NO.[00522899]', '00522899'],
    ['INVOICE.NO: POS022881', 'POS022881'],
    ['INV NO # : BWMC02000047293', 'BWMC02000047293'],
    ['INVOICE NO  : 01 148409', '01 148409'],
  ];
  it.each(labels)('reads "%s"', (line, number) => {
    expect(read(['Invoice', line, 'Total  10,00 €'].join('\n')).fields.invoiceNumber).toBe(number);
  });

  it('takes a lone value right above an empty label only as a guess (a skewed scan)', () => {
    const { fields, confidence } = read(
      'TAX INVOICE\nCSA34539\nINVOICE NO.:\nDATE :  15/07/2017\nTOTAL  148.00',
    );
    expect(fields.invoiceNumber).toBe('CSA34539');
    expect(confidence.invoiceNumber).toBeLessThan(0.8);
  });

  it('finds the number under its label when another label follows it on the line', () => {
    const { fields } = read('TAX INVOICE\nRECEIPT #:  DATE: 27/09/2017\nCS00087400\nTOTAL :  248.05');
    expect(fields.invoiceNumber).toBe('CS00087400');
  });
});

describe('the currency', () => {
  const marks: Array<[string, string]> = [
    ['Total  $10.00', 'USD'],
    ['Total  €10,00', 'EUR'],
    ['Total  £10.00', 'GBP'],
    ['Total  ¥1,000', 'JPY'],
    ['Total  ₹1,000.00', 'INR'],
    ['Total  Rs. 1,000.00', 'INR'],
    ['Total  INR 1,000.00', 'INR'],
    ['Total  CHF 10.00', 'CHF'],
    ['Total  Fr. 10.00', 'CHF'],
    ['Total  RM 10.00', 'MYR'],
    ['Total  10,00 EUR', 'EUR'],
  ];
  it.each(marks)('reads "%s"', (line, currency) => {
    expect(read(`Invoice\n${line}`).fields.currency).toBe(currency);
  });

  it('reads a lone $ as US dollars unless the document names another dollar', () => {
    expect(read('Invoice\nTotal  $10.00').fields.currency).toBe('USD');
    expect(read('Invoice\nAll amounts in CAD\nTotal  $10.00').fields.currency).toBe('CAD');
  });

  it('takes the currency a money column names ("AMOUNT (RM)") when no amount carries one', () => {
    const { fields } = read('TAX INVOICE\nITEM  QTY  AMOUNT (RM)\nGLOVE  1  2.12\nTOTAL  2.12');
    expect(fields.currency).toBe('MYR');
  });
});
