// What one e-invoice says, whatever its syntax (CII or UBL): the values as the XML writes them,
// before they become invoice fields (./index.ts). ./cii.ts and ./ubl.ts fill it.

export interface EInvoiceLine {
  name: string | null;
  quantity: string | null;
  /** Net price of `priceBase` units. */
  price: string | null;
  priceBase: string | null;
  amount: string | null;
}

export interface EInvoiceDocument {
  syntax: 'cii' | 'ubl';
  number: string | null;
  /** UNTDID 1001 document type (380 invoice, 381 credit note…). */
  typeCode: string | null;
  /** A UBL CreditNote: a credit note whatever its type code. */
  creditNote: boolean;
  /** Dates as written: CII format 102 (20250131) or ISO (2025-01-31). */
  issueDate: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  currency: string | null;
  duePayable: string | null;
  grandTotal: string | null;
  prepaid: string | null;
  taxTotal: string | null;
  /** The seller's name (BT-27, its legal name). */
  sellerName: string | null;
  /** The name it trades under, when the XML gives one (BT-28). */
  sellerTradingName: string | null;
  /** Seller e-mail addresses and web addresses the XML gives (contact, electronic address). */
  sellerAddresses: string[];
  /** The buyer's identifier as the seller assigns it (BT-46 without a global scheme): the account. */
  buyerId: string | null;
  lines: EInvoiceLine[];
}

/** Document type codes of credit notes (UNTDID 1001), which are read as negative totals. */
export const CREDIT_NOTE_TYPES = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);
