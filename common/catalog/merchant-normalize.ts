// Cleaning card-statement merchant strings ('SQ *NOTION LABS', 'ZOOM.US 888-799-9666 CA') into words.

/**
 * Payment processors, marketplaces and merchants of record that prefix the real merchant: 'SQ *',
 * 'PAYPAL *', 'TST* ', 'PADDLE.NET* ', 'FS *', 'FSPRG*', '2CO.COM*', 'LEMSQZY* '.
 */
const PROCESSOR_PREFIX =
  /^\s*(?:SQ|SQU|TST|PAYPAL|PP|SP|PY|IN|CKO|FS|FSPRG|PADDLE(?:\.NET)?|2CO(?:\.COM)?|LEMSQZY|PAYU|DRI|BT|EB|WPY|SMP|PMT|POS|DBT|CHK)\s*\*\s*/;
/** Bank wording, then a processor's mark, then the merchant ('… LUXEMBOURG PAYPAL *ZOOMVIDEOCO CARTE 4242'). */
const INNER_PROCESSOR_MARK = /^.*?\b(?:PAYPAL|PADDLE\.NET|2CO\.COM|LEMSQZY|FSPRG)\s*\*\s*/;

/**
 * UK bank wording around the payee: 'CARD PAYMENT TO GITHUB ON 30/01', 'DIRECT DEBIT PAYMENT TO EE
 * LIMITED REF 1234, MANDATE NO 0011', 'BILL PAYMENT VIA FASTER PAYMENT TO …'. What follows the payee
 * (the date, a foreign amount and rate, the mandate reference) says nothing about who it is.
 */
const UK_PAYEE_LEAD =
  /^\s*(?:(?:CARD|CONTACTLESS|DEBIT CARD|DIRECT DEBIT|BILL|STANDING ORDER|FASTER)\s+PAYMENTS?|STANDING ORDER)\s+(?:VIA FASTER PAYMENT\s+)?TO\s+/;
const UK_PAYEE_TAIL =
  /(?:\s*,\s*[\d.,]+\s+[A-Z]{3}\s*,\s*RATE\b.*|\s+ON\s+\d{1,2}[-/.]\d{1,2}(?:[-/.]\d{2,4})?\b.*|\s+REF(?:ERENCE)?\b.*|\s*,\s*MANDATE NO\b.*)$/;

/** The payee of a UK 'CARD PAYMENT TO <payee> ON dd/mm' line, or the text unchanged. */
function withoutUkPaymentWording(text: string): string {
  if (!UK_PAYEE_LEAD.test(text)) return text;
  return text.replace(UK_PAYEE_LEAD, '').replace(UK_PAYEE_TAIL, '');
}

/** Bank wording in front of the merchant name. */
const LEADING_NOISE = new Set([
  'POS',
  'PURCHASE',
  'DEBIT',
  'CARD',
  'CHECKCARD',
  'RECURRING',
  'PAYMENT',
  'VISA',
  'ONLINE',
  'WWW',
  'HTTPS',
  'HTTP',
  'PAYPAL',
  'ACH',
  'INTL',
  // US bank wording: 'VISA DDA PUR AP 441234 …', 'PURCHASE AUTHORIZED ON 11/02 …', 'ACH DEBIT …'
  ...[
    'DDA',
    'PUR',
    'AP',
    'AUTHORIZED',
    'ON',
    'WITHDRAWAL',
    'TRANSACTION',
    'TXN',
    'DIRECT',
    'DD',
    'BILL',
    'PAY',
  ],
  // German, French and Dutch: 'SEPA-Lastschrift von …', 'Kartenzahlung …', 'PRLV SEPA …', 'CB …',
  // 'Betaalautomaat …', 'SEPA Incasso algemeen doorlopend …', 'Zahlung an …'
  ...['SEPA', 'LASTSCHRIFT', 'VON', 'KARTENZAHLUNG', 'ZAHLUNG', 'AN', 'PRLV', 'CB', 'BETAALAUTOMAAT'],
  ...['INCASSO', 'ALGEMEEN', 'DOORLOPEND', 'IDEAL', 'FOLGELASTSCHRIFT', 'UEBERWEISUNG', 'PRELEVEMENT'],
  // 'PayPal Europe S.a.r.l. et Cie S.C.A …'
  ...['EUROPE', 'SARL', 'S', 'A', 'R', 'L', 'ET', 'CIE', 'SCA', 'C'],
]);
/** Top-level domains written after a dot: 'ZOOM.US', 'NOTION.SO'. */
const DOMAIN_SUFFIX = /\.(?:COM|NET|ORG|IO|CO|US|AI|APP|DEV|SO|ME|TV|LY|FM|TECH|CHAT|HR|UK|DE|IE|EU)\b/g;
const PHONE = /\+?\b1?[\s.-]?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g;
/** Company forms written after a name: 'OVH SAS', 'NOTION LABS INC'. Proof the word before is a company. */
export const CORPORATE_FORMS: ReadonlySet<string> = new Set([
  ...['INC', 'LLC', 'LTD', 'LIMITED', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'GMBH', 'AG', 'SA', 'SAS'],
  ...['SARL', 'BV', 'NV', 'PTY', 'PLC', 'OY', 'AB', 'SRL', 'SL', 'SE', 'ULC', 'LP', 'LLP', 'PBC'],
]);

/** Corporate forms, states, countries, currencies and bank references that trail a merchant name. */
const TRAILING_NOISE = new Set([
  ...CORPORATE_FORMS,
  ...[
    'FACT',
    'FACTURE',
    'CARTE',
    'REF',
    'CARD',
    'VIA',
    'ADYEN',
    'MOLLIE',
    'BILLING',
    'SUBSCR',
    'SUBSCRIPTION',
  ],
  ...['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN', 'JPY', 'FX', 'RATE'],
  ...['BELGIUM', 'GERMANY', 'FRANCE', 'NETHERLANDS', 'IRELAND', 'ESTONIA', 'POLAND', 'SPAIN'],
  'HQ',
  ...['US', 'USA', 'UK', 'GB', 'GBR', 'IE', 'IRL', 'NL', 'NLD', 'DE', 'DEU', 'FR', 'AU', 'AUS', 'SG', 'CAN'],
  ...['AL', 'AK', 'AZ', 'AR', 'CA', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IA', 'KS', 'KY', 'LA', 'ME'],
  ...['MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK'],
  ...['OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC'],
]);

/**
 * Upper-case words of a merchant string, without processor prefixes, phone numbers, domain
 * suffixes, order ids, bank wording, corporate forms or trailing state/country codes.
 * `isKnownWord` keeps digit-bearing words the catalogue knows ('365', '1PASSWORD', '8X8').
 */
export function merchantWords(raw: string, isKnownWord: (word: string) => boolean = () => false): string[] {
  let text = withoutUkPaymentWording(
    raw
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase(),
  );
  // A word written as a web address ('BILL.COM') is a name, never bank wording.
  const named = namesWithDomain(text);
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(PROCESSOR_PREFIX, '');
  }
  // A processor's mark inside the line starts the merchant: 'PAIEMENT CB 1203 PARIS PAYPAL *ZOOMVIDEOCO CARTE 4242'.
  text = text.replace(INNER_PROCESSOR_MARK, '');
  text = text
    // Account and order numbers glued to a word: 'ADS9876543210', 'DROPBOX*4KD8Z2'.
    .replace(/([A-Z]{2,})\d{5,}\b/g, '$1 ')
    .replace(PHONE, ' ')
    .replace(DOMAIN_SUFFIX, ' ')
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ');
  let words = text.split(' ').filter((w) => w !== '' && (!/\d/.test(w) || isKnownWord(w)));
  while (words.length > 1 && LEADING_NOISE.has(words[0]) && !named.has(words[0])) words = words.slice(1);
  return withoutTrailingNoise(words);
}

/** The words without corporate forms, states, currencies and references at the end. */
export function withoutTrailingNoise(words: readonly string[]): string[] {
  let end = words.length;
  while (end > 1 && TRAILING_NOISE.has(words[end - 1]!)) end -= 1;
  return words.slice(0, end);
}

/** Names written as a web address in the line ('NOTION.SO', 'ZOOM.US'): strong evidence of who it is. */
export function namesWithDomain(raw: string): Set<string> {
  const upper = raw.toUpperCase();
  return new Set(
    [...upper.matchAll(/\b([A-Z0-9]+)\.(?:COM|NET|ORG|IO|CO|US|AI|APP|DEV|SO|ME|TV|LY|FM|TECH|CHAT)\b/g)].map(
      (m) => m[1]!,
    ),
  );
}
