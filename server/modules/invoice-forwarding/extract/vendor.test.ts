// The vendor is the issuer of the document: its sender domain, its legal name beside its VAT id and
// bank details, its own block — never a time, a field's value, the customer or a retailer's goods.
import { describe, expect, it } from 'vitest';
import { readFields } from './fields';

interface Doc {
  text: string[];
  from?: string;
  name?: string;
  subject?: string;
}

const vendorOf = ({ text, from = 'scanner@acme-robotics.de', name = '', subject = '' }: Doc) => {
  const { fields, confidence } = readFields({
    text: text.join('\n'),
    subject,
    senders: [from],
    senderNames: name ? [name] : [],
    sentAt: null,
  });
  return {
    name: fields.vendorName,
    slug: fields.catalogSlug,
    domain: fields.vendorDomain,
    confidence: confidence.vendorName ?? 0,
  };
};

/** A vendor read without proof of the issuer must go to a person: below the booking level. */
const HIGH = 0.8;

describe('a time is never a vendor', () => {
  const receipts: Doc[] = [
    { text: ['Bäckerei Schmidt', 'Kassenbon', 'Datum: 12.03.2026', 'Zeit: 10:19', 'Summe  12,50 €'] },
    { text: ['Kiosk am Markt', 'Beleg-Nr. 4471', 'Zeit 10:19 Uhr', 'Gesamt  4,20 EUR'] },
    { text: ['Café du Coin', 'Ticket n° 88', 'Heure : 14:05', 'Total TTC  9,00 €'] },
    { text: ['Corner Shop', 'Receipt 1021', 'Time: 09:41', 'Total  £3.10'] },
  ];
  it.each(receipts)('reads no catalogue application from a clock time ($text.0)', (doc) => {
    const vendor = vendorOf(doc);
    expect(vendor.slug).toBeNull();
    expect(vendor.confidence).toBeLessThan(HIGH);
  });
});

describe('a label: value field is never a vendor', () => {
  const docs: Doc[] = [
    { text: ['Rechnung R-77', 'Customer:2', 'Betrag  30,00 €'] },
    { text: ['Invoice 2026-14', 'Customer: 4711', 'Total  $120.00'] },
    { text: ['Rechnung 5521', 'Kunde: 123', 'Team: Linear', 'Gesamtbetrag  80,00 €'] },
    { text: ['Facture F-9', 'Client : Front', 'Total TTC  60,00 €'] },
    { text: ['Invoice 88', 'Workspace: Notion', 'Project: Zeit', 'Amount due  $45.00'] },
  ];
  it.each(docs)('names no catalogue application from a field value ($text.1)', (doc) => {
    const vendor = vendorOf(doc);
    expect(vendor.slug).toBeNull();
    expect(vendor.confidence).toBeLessThan(HIGH);
  });

  it('still knows a catalogue name written whole, as the brand writes it, at low confidence alone', () => {
    const vendor = vendorOf({ text: ['Customer.io', 'Invoice 311', 'Total  $150.00'] });
    expect(vendor.slug).toBe('customer-io');
    expect(vendor.confidence).toBeLessThan(HIGH);
    expect(vendorOf({ text: ['Customer', 'Invoice 311', 'Total  $150.00'] }).slug).toBeNull();
  });
});

describe('the bill-to / customer party is never the vendor', () => {
  const docs: Array<Doc & { issuer: RegExp }> = [
    {
      text: [
        'Rechnung',
        'Rechnungsempfänger',
        'Acme Robotics GmbH',
        'Alex Kim',
        'Hauptstr. 5, 10115 Berlin',
        'Rechnungsnummer: 2026-0042',
        'Gesamtbetrag  119,00 €',
        'Muster Hosting GmbH · Ringstr. 1 · 80331 München',
        'USt-IdNr. DE123456789 · IBAN DE89 3704 0044 0532 0130 00',
      ],
      from: 'alex.kim@gmail.com',
      name: 'Alex Kim',
      issuer: /^Muster Hosting GmbH$/,
    },
    {
      text: [
        'Bill to:',
        'Notion Labs, Inc.',
        '2300 Harrison St, San Francisco',
        'Invoice #PS-1182',
        'Total  $240.00',
        'Printshop Berlin GmbH, Torstr. 9, 10119 Berlin',
        'VAT ID DE987654321',
      ],
      issuer: /^Printshop Berlin GmbH$/,
    },
    {
      text: [
        'FACTURE N° 2026-118',
        'Facturé à : Jean Dupont',
        'Client : Dupont Conseil SARL',
        'Total TTC  480,00 €',
        'Atelier Lumière SAS – 12 rue de la Paix, 75002 Paris',
        'N° TVA intracommunautaire FR12345678901 – SIRET 123 456 789 00012',
      ],
      from: 'jean.dupont@orange.fr',
      name: 'Jean Dupont',
      issuer: /^Atelier Lumière SAS$/,
    },
    {
      text: [
        'Invoice',
        'Sold to  Acme Robotics, Inc.',
        'Ship to  Acme Robotics, Inc.',
        'Invoice number  7731',
        'Total due  $990.00',
        'Northwind Supplies LLC · EIN 12-3456789',
      ],
      issuer: /^Northwind Supplies LLC$/,
    },
  ];
  it.each(docs)('names the issuer, not the customer ($issuer)', ({ issuer, ...doc }) => {
    const vendor = vendorOf(doc);
    expect(vendor.name).toMatch(issuer);
    expect(vendor.slug).toBeNull();
  });

  it('sets aside a letter’s address window (salutation, company above it, street, city)', () => {
    const letter = (salutation: string, customer: string) =>
      vendorOf({
        text: [
          'Stadtwerke Musterstadt GmbH · Postfach 12 · 12345 Musterstadt',
          customer,
          salutation,
          'Hauptstr. 5',
          '10115 Berlin',
          'Rechnung Nr. 2026-77',
          'Rechnungsbetrag  210,00 €',
          'Stadtwerke Musterstadt GmbH · USt-IdNr. DE111222333 · IBAN DE02 1203 0000 0000 2020 51',
        ],
      });
    for (const [salutation, customer] of [
      ['Herrn Alex Kim', 'Acme Robotics GmbH'],
      ['z. Hd. Frau Maya Chen', 'Beispiel Handels AG'],
      ['Attn: Sam Rivera', 'Acme Robotics Ltd'],
    ])
      expect(letter(salutation, customer).name).toBe('Stadtwerke Musterstadt GmbH');
  });

  it('never takes a person named only on the customer side, or the forwarder, as the vendor', () => {
    const vendor = vendorOf({
      text: ['Rechnung 12', 'Kunde', 'Maya Chen', 'Lindenweg 3', 'Summe  50,00 €'],
      from: 'maya.chen@gmail.com',
      name: 'Maya Chen',
    });
    expect(vendor.name).not.toBe('Maya Chen');
    expect(vendor.confidence).toBeLessThan(HIGH);
  });
});

describe('a line item names the vendor only within the issuer’s family', () => {
  const retail: Array<Doc & { issuer: RegExp; not: string }> = [
    {
      text: [
        'MediaMarkt Berlin-Mitte',
        'Rechnung 4711-0815',
        'Artikel  Menge  Preis',
        'Mario Kart 8 Deluxe  1  59,99 €',
        'Summe  59,99 €',
        'Media Markt Berlin GmbH · USt-IdNr. DE811111111',
      ],
      issuer: /^Media Markt Berlin GmbH$/,
      not: 'maxio',
    },
    {
      text: [
        'Facture n° 55-1201',
        'Désignation  Qté  Montant',
        'Microsoft 365 Famille 12 mois  1  99,00 €',
        'Total TTC  99,00 €',
        'Boulanger SA – RCS Lille 347 384 570 – N° TVA FR23347384570',
      ],
      issuer: /^Boulanger SA$/,
      not: 'microsoft-365',
    },
    {
      text: [
        'Tax invoice 88-2231',
        'Description  Qty  Amount',
        'Adobe Photoshop Elements 2026  1  $99.99',
        'Slack Pro gift card  1  $50.00',
        'Total  $149.99',
        'Sold by: Bright Electronics Ltd',
        'VAT Reg No GB123456789',
      ],
      from: 'orders@marketplace-mail.example',
      issuer: /^Bright Electronics Ltd$/,
      not: 'adobe',
    },
  ];
  it.each(retail)('names the retailer, not the product it sold ($issuer)', ({ issuer, not, ...doc }) => {
    const vendor = vendorOf(doc);
    expect(vendor.name).toMatch(issuer);
    expect(vendor.slug ?? '').not.toContain(not);
  });

  it('names the seller of a marketplace invoice, not the marketplace’s own catalogue app', () => {
    const vendor = vendorOf({
      text: [
        'Rechnung',
        'Verkauft von Tech Trading GmbH',
        'USt-IdNr. DE298765432',
        'Rechnungsnummer DE6-ABCD-1234',
        'Beschreibung  Menge  Preis',
        'Logitech MX Keys Tastatur  1  99,99 €',
        'Gesamtbetrag  99,99 €',
      ],
      from: 'auto-confirm@amazon.de',
    });
    expect(vendor).toMatchObject({ name: 'Tech Trading GmbH', slug: null });
    expect(vendor.confidence).toBeLessThan(HIGH);
  });

  it('picks which of the issuer’s products was billed', () => {
    const jira = vendorOf({
      text: ['Invoice AT-1', 'Description  Qty  Amount', 'Confluence Standard  10  $57.50', 'Total  $57.50'],
      from: 'noreply@am.atlassian.com',
    });
    expect(jira).toMatchObject({ slug: 'confluence', name: 'Atlassian' });
    expect(jira.confidence).toBeGreaterThanOrEqual(HIGH);
  });
});

describe('the footer legal name / VAT id block names the issuer', () => {
  it('names a vendor outside the catalogue by its legal name, sure when its domain agrees', () => {
    const doc: Doc = {
      text: [
        'Ihre Rechnung',
        'Rechnungsdatum 01.11.2026',
        'Rechnungsbetrag  39,95 €',
        'Deutsche Telekom AG, Friedrich-Ebert-Allee 140, 53113 Bonn',
        'Amtsgericht Bonn HRB 6794 · USt-IdNr. DE 123475223',
      ],
    };
    expect(vendorOf({ ...doc, from: 'rechnung@telekom.de' })).toMatchObject({
      name: 'Deutsche Telekom AG',
      domain: 'telekom.de',
      slug: null,
    });
    expect(vendorOf({ ...doc, from: 'rechnung@telekom.de' }).confidence).toBeGreaterThanOrEqual(HIGH);
    const forwarded = vendorOf({ ...doc, from: 'alex@acme-robotics.de' });
    expect(forwarded.name).toBe('Deutsche Telekom AG');
    expect(forwarded.confidence).toBeLessThan(HIGH);
  });

  const catalogued: Array<Doc & { slug: string }> = [
    {
      text: [
        'Invoice INV-2026-311',
        'Bill to  Acme Robotics GmbH',
        'Notion Plus  5  $50.00',
        'Total  $50.00',
        'Notion Labs, Inc. · 2300 Harrison Street, San Francisco, CA · EIN 81-1234567',
      ],
      slug: 'notion',
    },
    {
      text: [
        'Facture n° 2026-11-4412',
        'Description  Quantité  Montant',
        'Google Workspace Business Starter  1  14,99 €',
        'Total TTC  14,99 €',
        'Google Ireland Limited, Gordon House, Barrow Street, Dublin 4',
        'Numéro de TVA : IE6388047V',
      ],
      slug: 'google-workspace',
    },
    {
      text: [
        'Rechnung',
        'Verkäufer: Hetzner Online GmbH',
        'Industriestr. 25, 91710 Gunzenhausen',
        'Rechnungsnummer R0012345',
        'Summe  5,83 €',
      ],
      slug: 'hetzner',
    },
  ];
  it.each(catalogued)(
    'knows a catalogue vendor by its legal name, sender unknown ($slug)',
    ({ slug, ...doc }) => {
      const vendor = vendorOf({ ...doc, from: 'alex@acme-robotics.de' });
      expect(vendor.slug).toBe(slug);
      expect(vendor.confidence).toBeGreaterThanOrEqual(HIGH);
    },
  );

  it('reads a two-column header: the issuer on one side, the customer on the other', () => {
    const vendor = vendorOf({
      text: [
        'From                               Bill to',
        'Fastmail Pty Ltd                   Acme Robotics GmbH',
        'Level 2, 114 William St            Hauptstr. 5',
        'ABN 91 098 571 520                 10115 Berlin',
        'Invoice number  FM-88812',
        'Total  A$72.00',
      ],
    });
    expect(vendor.name).toBe('Fastmail Pty Ltd');
  });
});

describe('a payment processor’s receipt names the merchant in its merchant fields', () => {
  const receipts: Array<Doc & { slug: string }> = [
    {
      text: ['Receipt from Figma, Inc.', 'Amount paid  $45.00'],
      from: 'invoice+statements@stripe.com',
      name: 'Figma, Inc.',
      slug: 'figma',
    },
    {
      text: ['Receipt from Linear', 'Amount paid  $80.00', 'Linear Business  10  $80.00'],
      from: 'invoice+statements@stripe.com',
      name: 'Linear',
      subject: 'Your receipt from Linear #1234-5678',
      slug: 'linear',
    },
    {
      text: [
        'Vielen Dank für Ihren Kauf',
        'n8n Cloud Pro (monthly) × 1   €60.00',
        'Gesamt  €60.00',
        'Paddle.com Market Ltd, Judd House, London. Paddle is the Merchant of Record for this order.',
        'This charge will appear on your statement as PADDLE.NET* N8N CLOUD PR.',
      ],
      from: 'help@paddle.com',
      name: 'Paddle',
      slug: 'n8n',
    },
  ];
  it.each(receipts)('names the merchant, never the processor ($slug)', ({ slug, ...doc }) => {
    const vendor = vendorOf(doc);
    expect(vendor.slug).toBe(slug);
    expect(vendor.domain).not.toMatch(/stripe|paddle/);
    expect(vendor.confidence).toBeGreaterThanOrEqual(HIGH);
  });

  it('is unsure of an everyday-word merchant named once', () => {
    const vendor = vendorOf({
      text: ['Receipt', 'Amount paid  $80.00'],
      from: 'invoice+statements@stripe.com',
      name: 'Linear',
    });
    expect(vendor.slug).toBe('linear');
    expect(vendor.confidence).toBeLessThan(HIGH);
  });
});

describe('no issuer evidence means a low confidence', () => {
  const docs: Doc[] = [
    { text: ['Thanks for your payment!', 'Slack Pro  10  $87.50', 'Total  $87.50'], from: 'ops@gmail.com' },
    { text: ['Rechnung 44', 'Zoom Workplace Pro  1  13,99 €', 'Gesamtbetrag  13,99 €'] },
    { text: ['Reçu', 'Abonnement Figma Professional', 'Total  15,00 €'], from: 'compta@acme.fr' },
    { text: ['Invoice 9', 'Total  $20.00'], name: 'Vercel' },
  ];
  it.each(docs)('sends the message to review ($text.1)', (doc) => {
    expect(vendorOf(doc).confidence).toBeLessThan(HIGH);
  });

  it('is sure of the sender’s own domain', () => {
    const vendor = vendorOf({ text: ['Invoice 9', 'Total  $20.00'], from: 'invoice+statements@vercel.com' });
    expect(vendor.slug).toBe('vercel');
    expect(vendor.confidence).toBeGreaterThanOrEqual(HIGH);
  });
});

describe('a receipt without a legal name: its letterhead, for a person to confirm', () => {
  const receipts: Array<[Doc, string]> = [
    [{ text: ['RESTORAN WAN SHENG', 'NO.2, JALAN TEMENGGUNG', 'TOTAL  RM 6.00'] }, 'RESTORAN WAN SHENG'],
    [{ text: ['Bäckerei Schmidt', 'Hauptstraße 4', 'Summe  12,50 €'] }, 'Bäckerei Schmidt'],
    [{ text: ['TAX INVOICE', 'Harbour Fish Market', '12 Quay St', 'Total  $21.40'] }, 'Harbour Fish Market'],
  ];
  it.each(receipts)('reads the first business-name line below %#', (doc, name) => {
    const vendor = vendorOf(doc);
    expect(vendor.name).toBe(name);
    expect(vendor.confidence).toBeLessThan(HIGH);
  });

  it('never takes a lone word, a line of figures or a registration number', () => {
    expect(vendorOf({ text: ['POSTED', '1000131-K', 'Total  10.00'] }).name).toBeNull();
    expect(vendorOf({ text: ['ANZEL ADVERTISING (M) SDN BHD (759765-H)', 'Total RM 7.40'] }).name).toBe(
      'ANZEL ADVERTISING (M) SDN BHD',
    );
  });
});

describe('company forms the world over end a legal name', () => {
  it.each([
    'TRI SHAAS SDN BHD',
    'FARMASI MALURI S/B',
    'Eight Ounce Coffee Co.',
    'Tata Consultancy Services Pvt. Ltd.',
    'Shenzhen Widget Co., Ltd.',
    'Comercial Andina Ltda.',
  ])('%s', (legal) => {
    const vendor = vendorOf({
      text: ['Invoice 7', 'Total  100.00 USD', '', legal, 'Registered office: 1 Main St'],
    });
    expect(vendor.name).toBe(legal);
  });
});
