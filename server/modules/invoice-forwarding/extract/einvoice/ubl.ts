// OASIS UBL 2.1 Invoice and CreditNote: Peppol BIS Billing 3, XRechnung UBL, EN 16931 UBL.
import type { EInvoiceDocument, EInvoiceLine } from './document';
import { allAt, at, textOf } from './xml';

const ROOTS = new Map([
  ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', 'Invoice'],
  ['urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', 'CreditNote'],
]);
const NS = [
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
];

export function isUbl(root: Element): boolean {
  return ROOTS.get(root.namespaceURI ?? '') === root.localName;
}

const get = (node: Element | null, path: string) => textOf(at(node, NS, path));

/** A monetary amount in the document currency (a second TaxTotal may be in the VAT currency). */
function amountIn(elements: Element[], currency: string | null): string | null {
  const own = elements.find(
    (e) => !e.getAttribute('currencyID') || e.getAttribute('currencyID') === currency,
  );
  return textOf(own ?? elements[0] ?? null);
}

export function readUbl(root: Element): EInvoiceDocument {
  const creditNote = root.localName === 'CreditNote';
  const seller = at(root, NS, 'AccountingSupplierParty/Party');
  const buyer = at(root, NS, 'AccountingCustomerParty/Party');
  const sums = at(root, NS, 'LegalMonetaryTotal');
  const currency = get(root, 'DocumentCurrencyCode');
  const taxAmounts = allAt(root, NS, 'TaxTotal').flatMap((t) => allAt(t, NS, 'TaxAmount'));
  const lines: EInvoiceLine[] = allAt(root, NS, creditNote ? 'CreditNoteLine' : 'InvoiceLine').map(
    (line) => ({
      name: get(line, 'Item/Name') ?? get(line, 'Item/Description'),
      quantity: get(line, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity'),
      price: get(line, 'Price/PriceAmount'),
      priceBase: get(line, 'Price/BaseQuantity'),
      amount: get(line, 'LineExtensionAmount'),
    }),
  );
  const endpoint = at(seller, NS, 'EndpointID');
  const addresses = [
    endpoint?.getAttribute('schemeID') === 'EM' ? textOf(endpoint) : null,
    get(seller, 'Contact/ElectronicMail'),
    get(seller, 'WebsiteURI'),
  ].filter((a): a is string => Boolean(a));
  // The buyer identifier the seller assigned: an id without a scheme (a GLN or VAT id has one).
  const buyerId = allAt(buyer, NS, 'PartyIdentification/ID').find((id) => !id.getAttribute('schemeID'));
  return {
    syntax: 'ubl',
    number: get(root, 'ID'),
    typeCode: get(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    creditNote,
    issueDate: get(root, 'IssueDate'),
    periodStart: get(root, 'InvoicePeriod/StartDate'),
    periodEnd: get(root, 'InvoicePeriod/EndDate'),
    currency,
    duePayable: amountIn(allAt(sums, NS, 'PayableAmount'), currency),
    grandTotal: amountIn(allAt(sums, NS, 'TaxInclusiveAmount'), currency),
    prepaid: amountIn(allAt(sums, NS, 'PrepaidAmount'), currency),
    taxTotal: amountIn(taxAmounts, currency),
    sellerName: get(seller, 'PartyLegalEntity/RegistrationName') ?? get(seller, 'PartyName/Name'),
    sellerTradingName: get(seller, 'PartyName/Name'),
    sellerAddresses: addresses,
    buyerId: buyerId ? textOf(buyerId) : null,
    lines,
  };
}
