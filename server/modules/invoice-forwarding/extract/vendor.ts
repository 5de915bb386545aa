// Who billed: the catalogue application the invoice is for, recognised the way the expense
// matcher recognises card-statement merchants (common/catalog matchMerchant: names and aliases),
// narrowed by the sender's domain. Payment processors (Stripe, Paddle…) send receipts for other
// businesses: their domain never names the vendor, the merchant named in the receipt does.
import { CATALOG, matchMerchant, type CatalogApp } from '../../../../common/catalog';

export interface VendorFound {
  app: CatalogApp | null;
  name: string;
  domain: string | null;
  confidence: number;
}

/** Senders that bill on behalf of merchants, and mailbox providers: never the vendor themselves. */
const NOT_VENDORS = new Set([
  ...['stripe.com', 'paddle.com', 'paddle.net', 'chargebee.com', 'recurly.com', 'chargify.com'],
  ...['fastspring.com', '2checkout.com', 'verifone.com', 'paypal.com', 'braintreegateway.com'],
  ...['zuora.com', 'invoiced.com', 'bill.com', 'quickbooks.com', 'intuit.com', 'xero.com'],
  ...['squareup.com', 'lemonsqueezy.com', 'gumroad.com', 'maxio.com', 'billsby.com'],
  ...['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com'],
]);
const SECOND_LEVEL = /^(?:co|com|net|org|gov|ac)\.[a-z]{2}$/;

/** 'am.atlassian.com' → 'atlassian.com', 'mail.example.co.uk' → 'example.co.uk'. */
export function registrable(domain: string): string {
  const parts = domain.toLowerCase().split('.').filter(Boolean);
  const keep = parts.length >= 3 && SECOND_LEVEL.test(parts.slice(-2).join('.')) ? 3 : 2;
  return parts.slice(-keep).join('.');
}

const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Catalogue apps of the business behind a domain: same registrable domain, or the vendor so named. */
function appsOfDomain(domain: string): CatalogApp[] {
  const reg = registrable(domain);
  const label = compact(reg.split('.')[0]);
  if (label.length < 3) return [];
  return CATALOG.filter(
    (app) =>
      registrable(app.domain) === reg || compact(app.vendor).startsWith(label) || compact(app.name) === label,
  );
}

export function isProcessorDomain(domain: string): boolean {
  return NOT_VENDORS.has(registrable(domain));
}

interface VendorInput {
  /** Sender addresses, the original sender first. */
  senders: string[];
  /** Display names of those senders. */
  senderNames: string[];
  subject: string;
  /** Document lines, most telling first (line items, then the rest). */
  lines: string[];
  itemLines: string[];
}

const NOISE_NAME =
  /\b(no-?reply|billing|invoices?|receipts?|payments?|accounts?|team|notifications?|support)\b/gi;

/** The catalogue app (and vendor) the document is from, with a confidence. */
export function recogniseVendor(input: VendorInput): VendorFound | null {
  const domains = input.senders.map((s) => s.split('@')[1] ?? '').filter((d) => d && !isProcessorDomain(d));
  const domainApps = new Set(domains.flatMap(appsOfDomain));
  // Mentions in the document: line items name the product billed, so they count most.
  const mentions = new Map<string, { app: CatalogApp; score: number }>();
  const note = (text: string, weight: number, min: number) => {
    const match = text.length <= 200 ? matchMerchant(text) : null;
    if (!match || match.confidence < min) return;
    const seen = mentions.get(match.app.slug) ?? { app: match.app, score: 0 };
    seen.score += weight * match.confidence + (domainApps.has(match.app) ? 10 : 0);
    mentions.set(match.app.slug, seen);
  };
  for (const line of input.itemLines) note(line.split(/\s{2,}/)[0], 3, 0.55);
  for (const name of input.senderNames) note(name.replace(NOISE_NAME, ' '), 2, 0.7);
  const from = /\b(?:receipt|invoice|payment|order)\s+(?:from|for)\s+(.+?)(?:\s+[#[(]|\s+-\s|$)/i.exec(
    input.subject,
  );
  if (from) note(from[1], 2, 0.7);
  note(input.subject, 1, 0.8);
  for (const line of input.lines.slice(0, 80)) note(line.split(/\s{2,}/)[0], 0.5, 0.85);
  const ranked = [...mentions.values()].sort((a, b) => b.score - a.score);
  const best = ranked[0];
  // The product a line item names, among the sender's (or the named vendor's) products: an
  // Atlassian invoice for Confluence, an OpenAI receipt for ChatGPT.
  const family = new Set([
    ...domainApps,
    ...(best ? CATALOG.filter((a) => a.vendor === best.app.vendor) : []),
  ]);
  for (const line of input.itemLines) {
    const named = [...family]
      .filter((app) => app.name.length >= 3 && nameIn(app.name, line))
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (named)
      return { app: named, name: named.vendor, domain: vendorDomain(named, domains), confidence: 0.9 };
  }
  if (best && (domainApps.size === 0 || domainApps.has(best.app) || best.score >= 3)) {
    return { app: best.app, name: best.app.vendor, domain: vendorDomain(best.app, domains), confidence: 0.9 };
  }
  if (domainApps.size > 0) {
    // The sender's own product: the one whose domain is the sender's, else the most popular.
    const list = [...domainApps];
    const exact = list.find((app) => domains.some((d) => registrable(d) === app.domain));
    const app = exact ?? list[0];
    return {
      app,
      name: app.vendor,
      domain: vendorDomain(app, domains),
      confidence: list.length === 1 ? 0.85 : 0.6,
    };
  }
  // Outside the catalogue: the sender's name or domain, when the document names it too — a
  // colleague ("Alex Kim") or a scanner mailing a document is not the vendor.
  const named = (text: string) => input.lines.some((line) => nameIn(text, line));
  const name = input.senderNames
    .map((n) => n.replace(NOISE_NAME, ' ').replace(/\s+/g, ' ').trim())
    .find((n) => n && named(n));
  const domain = domains[0] ? registrable(domains[0]) : null;
  const domainNamed = domain && named(domain.split('.')[0]!) ? domain : null;
  if (name || domainNamed) return { app: null, name: name || domainNamed!, domain, confidence: 0.5 };
  return null;
}

const nameIn = (name: string, line: string) =>
  new RegExp(`(?<![\\p{L}\\d])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`, 'iu').test(
    line,
  );

function vendorDomain(app: CatalogApp, senderDomains: string[]): string {
  const own = senderDomains.find((d) => appsOfDomain(d).includes(app));
  return own ? registrable(own) : registrable(app.domain);
}
