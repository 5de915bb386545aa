// Cleaning card-statement merchant strings ('SQ *NOTION LABS', 'ZOOM.US 888-799-9666 CA') into words.

/** Payment processors and marketplaces that prefix the real merchant: 'SQ *', 'PAYPAL *', 'TST* '. */
const PROCESSOR_PREFIX =
  /^\s*(?:SQ|SQU|TST|PAYPAL|PP|SP|PY|IN|CKO|FS|PADDLE(?:\.NET)?|2CO(?:\.COM)?|DRI|BT|EB|WPY|SMP|PMT|POS|DBT|CHK)\s*\*\s*/;
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
]);
/** Top-level domains written after a dot: 'ZOOM.US', 'NOTION.SO'. */
const DOMAIN_SUFFIX = /\.(?:COM|NET|ORG|IO|CO|US|AI|APP|DEV|SO|ME|TV|LY|FM|TECH|CHAT|HR|UK|DE|IE|EU)\b/g;
const PHONE = /\+?\b1?[\s.-]?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g;
/** Corporate forms, states and countries that trail a merchant name. */
const TRAILING_NOISE = new Set([
  ...['INC', 'LLC', 'LTD', 'LIMITED', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'GMBH', 'AG', 'SA', 'SAS'],
  ...['BV', 'NV', 'PTY', 'PLC', 'OY', 'AB', 'SRL', 'SL', 'SE', 'ULC', 'LP', 'LLP', 'PBC', 'HQ'],
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
  let text = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(PROCESSOR_PREFIX, '');
  }
  text = text
    .replace(PHONE, ' ')
    .replace(DOMAIN_SUFFIX, ' ')
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ');
  let words = text.split(' ').filter((w) => w !== '' && (!/\d/.test(w) || isKnownWord(w)));
  while (words.length > 1 && LEADING_NOISE.has(words[0])) words = words.slice(1);
  while (words.length > 1 && TRAILING_NOISE.has(words[words.length - 1])) words = words.slice(0, -1);
  return words;
}
