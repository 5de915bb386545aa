// Automatic column mapping: each import field has header synonyms as spreadsheets and other tools
// (Wallos, Vendr/Zylo exports, finance sheets) name them.
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../common/contracts/imports';
import { suggestMapping } from '../../../common/tabular/headers';

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
  entity: ['entity', 'legal entity', 'subsidiary', 'company entity'],
  brand: ['brand', 'brand name'],
};

/** The automatic mapping: each column, left to right, to the field its header names (decorated headers too). */
export function autoMapping(header: string[]): ImportMapping {
  return suggestMapping(header, SYNONYMS, { order: 'columns', fuzzy: true });
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
