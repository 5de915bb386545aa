// UN/CEFACT Cross Industry Invoice: Factur-X, ZUGFeRD 2.x, XRechnung CII (CrossIndustryInvoice:100)
// and ZUGFeRD 1.0 (CrossIndustryDocument), whose elements differ in a few names (the `a|b` steps).
import type { EInvoiceDocument, EInvoiceLine } from './document';
import { allAt, at, textOf } from './xml';

const ROOTS = new Map([
  ['urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', 'CrossIndustryInvoice'],
  ['urn:ferd:CrossIndustryDocument:invoice:1p0', 'CrossIndustryDocument'],
]);
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:';
/** The namespaces elements may be in: the root's, and the two CII libraries in any version. */
const namespacesOf = (root: Element) => [
  root.namespaceURI ?? '',
  ...['100', '12', '13', '15', '20', '21'].flatMap((v) => [RAM + v, UDT + v]),
];

export function isCii(root: Element): boolean {
  return ROOTS.get(root.namespaceURI ?? '') === root.localName;
}

/** A monetary amount in the invoice currency (CII repeats some totals in the VAT currency). */
function amountIn(elements: Element[], currency: string | null): string | null {
  const own = elements.find(
    (e) => !e.getAttribute('currencyID') || e.getAttribute('currencyID') === currency,
  );
  return textOf(own ?? elements[0] ?? null);
}

/**
 * The VAT of the breakdown (BG-23) when the total (BT-110) is left out, as it may be when no VAT
 * applies (category O): "VAT 0.00" is a tax of 0, not an unknown tax.
 */
function taxBreakdownSum(breakdown: Element[], ns: string[]): string | null {
  const amounts = breakdown.map((tax) => textOf(at(tax, ns, 'CalculatedAmount')));
  if (!amounts.length || amounts.some((a) => a === null || !Number.isFinite(Number(a)))) return null;
  const cents = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 10_000), 0);
  return (cents / 10_000).toFixed(4);
}

export function readCii(root: Element): EInvoiceDocument {
  const ns = namespacesOf(root);
  const get = (node: Element | null, path: string) => textOf(at(node, ns, path));
  const header = at(root, ns, 'ExchangedDocument|HeaderExchangedDocument');
  const transaction = at(root, ns, 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction');
  const agreement = at(transaction, ns, 'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement');
  const settlement = at(
    transaction,
    ns,
    'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement',
  );
  const seller = at(agreement, ns, 'SellerTradeParty');
  const buyer = at(agreement, ns, 'BuyerTradeParty');
  const sums = at(
    settlement,
    ns,
    'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation',
  );
  const currency = get(settlement, 'InvoiceCurrencyCode');
  const total = (name: string) => amountIn(allAt(sums, ns, name), currency);
  const lines: EInvoiceLine[] = allAt(transaction, ns, 'IncludedSupplyChainTradeLineItem').map((line) => {
    const price = at(
      line,
      ns,
      'SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement/NetPriceProductTradePrice',
    );
    return {
      name: get(line, 'SpecifiedTradeProduct/Name'),
      quantity: get(line, 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery/BilledQuantity'),
      price: get(price, 'ChargeAmount'),
      priceBase: get(price, 'BasisQuantity'),
      amount: get(
        line,
        'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation/LineTotalAmount',
      ),
    };
  });
  const addresses = [
    ...allAt(seller, ns, 'DefinedTradeContact').map((c) => get(c, 'EmailURIUniversalCommunication/URIID')),
    get(seller, 'URIUniversalCommunication/URIID'),
  ].filter((a): a is string => Boolean(a));
  return {
    syntax: 'cii',
    number: get(header, 'ID'),
    typeCode: get(header, 'TypeCode'),
    creditNote: false,
    issueDate: get(header, 'IssueDateTime/DateTimeString'),
    periodStart: get(settlement, 'BillingSpecifiedPeriod/StartDateTime/DateTimeString'),
    periodEnd: get(settlement, 'BillingSpecifiedPeriod/EndDateTime/DateTimeString'),
    currency,
    duePayable: total('DuePayableAmount'),
    grandTotal: total('GrandTotalAmount'),
    prepaid: total('TotalPrepaidAmount'),
    taxTotal: total('TaxTotalAmount') ?? taxBreakdownSum(allAt(settlement, ns, 'ApplicableTradeTax'), ns),
    sellerName: get(seller, 'Name'),
    sellerTradingName: get(seller, 'SpecifiedLegalOrganization/TradingBusinessName'),
    sellerAddresses: addresses,
    buyerId: get(buyer, 'ID'),
    lines,
  };
}
