// Automatic column mapping: each import field has header synonyms as spreadsheets and other tools
// (Wallos, Vendr/Zylo exports, finance sheets) name them.
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../common/contracts/imports';

const SYNONYMS: Record<ImportField, string[]> = {
  name: [
    'name',
    'application',
    'app',
    'application name',
    'app name',
    'subscription',
    'subscription name',
    'tool',
    'tool name',
    'software',
    'product',
    'service',
    'title',
  ],
  vendor: ['vendor', 'vendor name', 'supplier', 'provider', 'company', 'publisher', 'merchant', 'seller'],
  amount: [
    'cost',
    'price',
    'amount',
    'cost per cycle',
    'price per cycle',
    'billing amount',
    'total cost',
    'fee',
    'charge',
    'recurring cost',
    'contract value',
    'amount per cycle',
  ],
  currency: ['currency', 'currency code', 'ccy', 'cur'],
  billingCycle: [
    'cycle',
    'billing cycle',
    'billing period',
    'billing frequency',
    'frequency',
    'payment cycle',
    'interval',
    'term',
    'period',
    'plan period',
    'renewal frequency',
    'billed',
  ],
  pricingModel: ['pricing model', 'pricing', 'pricing type', 'license type', 'billing model'],
  seats: [
    'seats',
    'licenses',
    'licences',
    'users',
    'quantity',
    'qty',
    'seat count',
    'license count',
    'number of seats',
    'no of seats',
    'user count',
  ],
  unitPrice: [
    'unit price',
    'price per seat',
    'price per user',
    'per seat',
    'per user',
    'seat price',
    'cost per seat',
    'cost per user',
    'license price',
  ],
  nextRenewalDate: [
    'renewal date',
    'next renewal',
    'next renewal date',
    'renews on',
    'renewal',
    'next payment',
    'next payment date',
    'next billing date',
    'next charge',
    'due date',
    'expiry',
    'expiration',
    'expiration date',
    'end date',
    'contract end',
    'contract end date',
  ],
  startDate: [
    'start date',
    'started',
    'start',
    'purchase date',
    'contract start',
    'contract start date',
    'since',
    'subscribed on',
  ],
  autoRenew: [
    'auto renew',
    'autorenew',
    'auto-renew',
    'auto renewal',
    'automatic renewal',
    'renews automatically',
    'renewal type',
  ],
  noticePeriodDays: [
    'notice period',
    'notice period days',
    'notice days',
    'notice',
    'cancellation notice',
    'days notice',
  ],
  ownerEmail: [
    'owner',
    'owner email',
    'owner e-mail',
    'app owner',
    'business owner',
    'responsible',
    'contact email',
    'admin email',
    'managed by',
  ],
  department: ['department', 'team', 'dept', 'cost center', 'cost centre', 'business unit', 'division'],
  category: ['category', 'type', 'group', 'software category', 'app category'],
  tags: ['tags', 'labels', 'tag', 'label', 'keywords'],
  paymentMethod: [
    'payment method',
    'payment',
    'paid with',
    'card',
    'payment type',
    'pay method',
    'payment source',
  ],
  status: ['status', 'state', 'active', 'subscription status'],
  url: ['url', 'website', 'link', 'homepage', 'web', 'login url', 'site'],
  description: ['description', 'purpose', 'what it does', 'summary'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'memo'],
};

/** A header reduced to lower-case words: "Next_Renewal-Date (UTC)" → "next renewal date utc". */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const LOOKUP = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const synonym of SYNONYMS[field]) if (!LOOKUP.has(synonym)) LOOKUP.set(synonym, field);
}

function fieldFor(header: string): ImportField | null {
  const h = normalizeHeader(header);
  if (!h) return null;
  const exact = LOOKUP.get(h);
  if (exact) return exact;
  // "Monthly Cost (USD)" → cost; "Owner Email Address" → owner email: longest synonym the header starts or ends with.
  let best: { field: ImportField; length: number } | null = null;
  for (const [synonym, field] of LOOKUP) {
    if (synonym.length < 4) continue;
    const matches = h.startsWith(`${synonym} `) || h.endsWith(` ${synonym}`) || h.includes(` ${synonym} `);
    if (matches && (!best || synonym.length > best.length)) best = { field, length: synonym.length };
  }
  return best?.field ?? null;
}

/** The automatic mapping: each field to the first column whose header names it. */
export function autoMapping(header: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  header.forEach((h, index) => {
    const field = fieldFor(h);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/** The field each column maps to under `mapping`, for the preview's column list. */
export function columnFields(header: string[], mapping: ImportMapping): Array<ImportField | null> {
  const byIndex = new Map<number, ImportField>();
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index !== undefined && index !== null) byIndex.set(index, field);
  }
  return header.map((_, i) => byIndex.get(i) ?? null);
}
