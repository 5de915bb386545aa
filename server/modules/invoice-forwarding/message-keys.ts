// What identifies an invoice across messages (issue 18): the vendor key + invoice number, and the
// summary columns kept beside the fields for the duplicate checks and the inbox list.
import type { FieldConfidence, InvoiceFields } from '../../../common/contracts/invoice-forwarding';
import { isCurrencyCode } from '../../../common/money';
import { merchantKeyOf } from '../expenses';

// Public suffixes with a second level under which companies register (acme.co.uk).
const SECOND_LEVEL = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'co.jp',
  'co.in',
  'co.za',
  'com.br',
  'com.mx',
  'com.sg',
  'com.hk',
  'com.tr',
  'co.kr',
  'com.cn',
]);

/** `billing.mail.atlassian.com` → `atlassian.com`; `invoices.acme.co.uk` → `acme.co.uk`. */
export function registrableDomain(host: string): string | null {
  const labels = host.trim().toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  if (labels.length < 2) return null;
  const lastTwo = labels.slice(-2).join('.');
  return SECOND_LEVEL.has(lastTwo) && labels.length >= 3 ? labels.slice(-3).join('.') : lastTwo;
}

const domainOf = (address: string | null) => {
  const at = address?.lastIndexOf('@') ?? -1;
  return at >= 0 ? registrableDomain(address!.slice(at + 1)) : null;
};

/** The vendor as duplicates compare it: catalogue slug, else registrable domain, else name. */
export function vendorKeyOf(fields: InvoiceFields, sender: string | null): string | null {
  if (fields.catalogSlug) return fields.catalogSlug;
  const domain = (fields.vendorDomain && registrableDomain(fields.vendorDomain)) || domainOf(sender);
  if (domain) return domain;
  return fields.vendorName ? merchantKeyOf(fields.vendorName) : null;
}

/** Invoice numbers compare without case and spaces ('inv 0042' = 'INV0042'). */
export const invoiceNumberKey = (n: string | null) => n?.replace(/\s+/g, '').toUpperCase() || null;

/** The fields booking needs, each with its confidence. */
export const BOOKING_FIELDS = ['vendorName', 'issueDate', 'totalMinor', 'currency'] as const;
export const HIGH_CONFIDENCE = 0.8;

const LABELS: Record<(typeof BOOKING_FIELDS)[number], string> = {
  vendorName: 'vendor',
  issueDate: 'issue date',
  totalMinor: 'total',
  currency: 'currency',
};

/** Lowest confidence among the booking fields (a missing field counts 0). */
export function bookingConfidence(fields: InvoiceFields, confidence: FieldConfidence): number {
  return Math.min(...BOOKING_FIELDS.map((f) => (fields[f] === null ? 0 : (confidence[f] ?? 0))));
}

/** "total missing, issue date uncertain", or null when every booking field is sure enough. */
export function fieldProblems(fields: InvoiceFields, confidence: FieldConfidence): string | null {
  const problems = BOOKING_FIELDS.flatMap((f) => {
    if (fields[f] === null) return [`${LABELS[f]} missing`];
    if (f === 'currency' && !isCurrencyCode(fields.currency))
      return [`currency ${fields.currency} not supported`];
    return (confidence[f] ?? 0) < HIGH_CONFIDENCE ? [`${LABELS[f]} uncertain`] : [];
  });
  return problems.length > 0 ? problems.join(', ') : null;
}

/** The summary columns stored beside the fields. */
export function keyColumns(fields: InvoiceFields, sender: string | null) {
  return {
    vendorKey: vendorKeyOf(fields, sender),
    invoiceNumber: invoiceNumberKey(fields.invoiceNumber),
    totalMinor: fields.totalMinor,
    currency: fields.currency,
  };
}
