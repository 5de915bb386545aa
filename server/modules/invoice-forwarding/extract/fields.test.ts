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
