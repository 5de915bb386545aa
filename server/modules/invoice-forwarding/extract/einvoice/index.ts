// Structured e-invoice data (EN 16931: Factur-X/ZUGFeRD/XRechnung CII, Peppol BIS/XRechnung UBL)
// read into invoice fields. The XML states every field exactly, so what it gives wins over the text
// reading (../index.ts) and carries a confidence of 0.99; what it lacks stays null for the text.
import type {
  FieldConfidence,
  InvoiceFields,
  InvoiceLineItem,
} from '../../../../../common/contracts/invoice-forwarding';
import { CATALOG, type CatalogApp } from '../../../../../common/catalog';
import { isValidCalendarDate } from '../../../../../common/dates';
import { isCurrencyCode, toMinor } from '../../../../../common/money';
import { EMPTY_FIELDS } from '../types';
import { EMBEDDED_XML_MAX_BYTES } from '../../../../lib/untrusted/limits';
import { isProcessorDomain, recogniseVendor, registrable } from '../vendor';
import { isCii, readCii } from './cii';
import { CREDIT_NOTE_TYPES, type EInvoiceDocument } from './document';
import { isUbl, readUbl } from './ubl';
import { parseXml } from './xml';

export interface EInvoiceRead {
  syntax: EInvoiceDocument['syntax'];
  creditNote: boolean;
  /** The fields the XML gives; null (or no line items) where it says nothing. */
  fields: InvoiceFields;
  confidence: FieldConfidence;
}

const GIVEN = 0.99;
/** The buyer's id is the account only by our reading of what a seller puts there. */
const ACCOUNT = 0.9;
const MAX_LINES = 200;

/** A file that may carry an e-invoice: an XML attachment (by type or name). */
export function mayBeEInvoice(name: string, type: string): boolean {
  return /^(?:application|text)\/(?:[\w.+-]*\+)?xml$/i.test(type) || /\.xml$/i.test(name);
}

/** The invoice an e-invoice XML states, or null when the text is not one (or not safe to read). */
export function readEInvoice(xml: string | Buffer): EInvoiceRead | null {
  if (xml.length > EMBEDDED_XML_MAX_BYTES) return null;
  try {
    const root = parseXml(typeof xml === 'string' ? xml : xml.toString('utf8'));
    if (!root) return null;
    const document = isCii(root) ? readCii(root) : isUbl(root) ? readUbl(root) : null;
    if (!document) return null;
    const read = toFields(document);
    return read.fields.totalMinor === null && read.fields.invoiceNumber === null ? null : read;
  } catch {
    // Hostile nesting can exhaust the stack while walking it: the text reading goes on without it.
    return null;
  }
}

/** '20250131' (CII format 102) or '2025-01-31' → '2025-01-31'; null when not a date. */
function calendarDate(value: string | null): string | null {
  const m = value ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value) : null;
  const date = m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  return date && isValidCalendarDate(date) ? date : null;
}

function minor(value: string | null, currency: string | null): number | null {
  if (value === null || !currency) return null;
  try {
    return toMinor(value, currency, { decimalSeparator: '.' });
  } catch {
    return null;
  }
}

const decimal = (value: string | null) => {
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The amount to book: the amount due, or the grand total when it was paid beforehand in full. */
function bookedTotal(d: EInvoiceDocument, currency: string | null): number | null {
  const due = minor(d.duePayable, currency);
  const grand = minor(d.grandTotal, currency);
  const prepaid = minor(d.prepaid, currency);
  if (due === 0 && grand && prepaid === grand) return grand;
  return due ?? grand;
}

function lineItem(
  line: EInvoiceDocument['lines'][number],
  currency: string | null,
  sign: number,
): InvoiceLineItem {
  const price = minor(line.price, currency);
  const amount = minor(line.amount, currency);
  const quantity = decimal(line.quantity);
  // A price is for its base quantity (100 sheets); some senders fill the base with the price
  // itself, so the base counts only when it makes quantity × price agree with the line amount.
  const base = decimal(line.priceBase);
  const perBase = price !== null && base ? Math.round(price / base) : null;
  const off = (unitPrice: number | null) =>
    unitPrice === null || quantity === null || amount === null
      ? Infinity
      : Math.abs(unitPrice * quantity - amount);
  const unit = perBase !== null && off(perBase) < off(price) ? perBase : price;
  return {
    description: (line.name ?? '').slice(0, 500),
    quantity,
    unitAmountMinor: unit,
    amountMinor: amount === null ? null : sign * amount || 0,
  };
}

/** The seller's web domain from its e-mail or web address (a mailbox provider's is not its own). */
function sellerDomain(addresses: string[]): string | null {
  for (const address of addresses) {
    const host = address.includes('@')
      ? address.split('@').pop()!
      : address.replace(/^[a-z]+:\/\//i, '').split(/[/?#:]/)[0];
    if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(host ?? '') || isProcessorDomain(host)) continue;
    return registrable(host);
  }
  return null;
}

/** Among the vendor's catalogue products, the one a line names (the longest name), else `app`. */
function productBilled(app: CatalogApp, lines: EInvoiceDocument['lines']): CatalogApp {
  const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\d]+/gu, ' ')} `;
  const lineWords = lines.slice(0, 50).map((line) => words(line.name ?? ''));
  const named = CATALOG.filter(
    (other) =>
      other.vendor === app.vendor &&
      other.name.length >= 3 &&
      lineWords.some((line) => line.includes(words(other.name))),
  ).sort((a, b) => b.name.length - a.name.length);
  return named[0] ?? app;
}

function toFields(d: EInvoiceDocument): EInvoiceRead {
  const currency = d.currency && isCurrencyCode(d.currency.toUpperCase()) ? d.currency.toUpperCase() : null;
  const creditNote = d.creditNote || CREDIT_NOTE_TYPES.has(d.typeCode ?? '');
  const sign = creditNote ? -1 : 1;
  const signed = (n: number | null) => (n === null ? null : creditNote ? -Math.abs(n) || 0 : n);
  const domain = sellerDomain(d.sellerAddresses);
  const names = [d.sellerTradingName, d.sellerName].filter((n): n is string => Boolean(n));
  // The catalogue app, recognised the one way the reader recognises a sender: by name and domain.
  // Line items never name the vendor (a "Mario Kart" line is no Maxio), only which of the
  // seller's products was billed (an Atlassian invoice for Confluence).
  const vendor = names.length
    ? recogniseVendor({
        senders: domain ? [`billing@${domain}`] : [],
        senderNames: names,
        subject: '',
        lines: names,
        itemLines: [],
      })
    : null;
  const app = vendor?.app ? productBilled(vendor.app, d.lines) : null;
  const fields: InvoiceFields = {
    ...EMPTY_FIELDS,
    vendorName: d.sellerName?.slice(0, 200) ?? null,
    vendorDomain: app ? (vendor?.domain ?? domain) : domain,
    catalogSlug: app?.slug ?? null,
    invoiceNumber: d.number?.slice(0, 100) ?? null,
    issueDate: calendarDate(d.issueDate),
    periodStart: calendarDate(d.periodStart),
    periodEnd: calendarDate(d.periodEnd),
    totalMinor: signed(bookedTotal(d, currency)),
    taxMinor: signed(minor(d.taxTotal, currency)),
    currency,
    lineItems: d.lines.slice(0, MAX_LINES).map((line) => lineItem(line, currency, sign)),
    account: d.buyerId?.slice(0, 200) ?? null,
  };
  const confidence: FieldConfidence = {};
  for (const name of ['vendorName', 'invoiceNumber', 'issueDate', 'periodStart', 'periodEnd'] as const)
    if (fields[name] !== null) confidence[name] = GIVEN;
  for (const name of ['totalMinor', 'taxMinor', 'currency'] as const)
    if (fields[name] !== null) confidence[name] = GIVEN;
  if (fields.lineItems.length) confidence.lineItems = GIVEN;
  if (fields.account !== null) confidence.account = ACCOUNT;
  return { syntax: d.syntax, creditNote, fields, confidence };
}
