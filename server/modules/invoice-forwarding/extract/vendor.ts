// Who billed: the issuer of the document. Strong evidence is the sender's own domain, the issuer's
// legal name (letterhead, footer, "From"/"Seller" block, beside its VAT id and bank details — see
// ./issuer.ts) or, on a payment processor's receipt, the merchant it names. A catalogue name found
// anywhere else (a line item, a table cell) is weak: it can pick WHICH of the issuer's products was
// billed, and names the vendor itself only at low confidence, so that a person reviews it.
import {
  CATALOG,
  CATALOG_BY_POPULARITY,
  isCommonWordName,
  matchMerchant,
  type CatalogApp,
} from '../../../../common/catalog';
import { CORPORATE_WORDS, readParties, withoutForm, type LegalName, type Parties } from './issuer';

export interface VendorFound {
  app: CatalogApp | null;
  name: string;
  domain: string | null;
  confidence: number;
}

/** Senders that bill on behalf of merchants: the merchant they name is the vendor, never they. */
const PROCESSORS = [
  ...['stripe.com', 'paddle.com', 'paddle.net', 'chargebee.com', 'recurly.com', 'chargify.com'],
  ...['fastspring.com', '2checkout.com', 'verifone.com', 'paypal.com', 'braintreegateway.com'],
  ...['zuora.com', 'invoiced.com', 'bill.com', 'quickbooks.com', 'intuit.com', 'xero.com'],
  ...['squareup.com', 'lemonsqueezy.com', 'gumroad.com', 'maxio.com', 'billsby.com', 'mollie.com'],
  ...['gocardless.com', 'sumup.com', 'zettle.com', 'freshbooks.com', 'waveapps.com'],
];
/** Mailbox providers: the address says nothing about who billed. */
const MAILBOXES = [
  ...['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com'],
  ...['me.com', 'aol.com', 'gmx.de', 'gmx.net', 'web.de', 'yahoo.fr', 'laposte.net'],
];
const NOT_VENDORS = new Set([...PROCESSORS, ...MAILBOXES]);
const SECOND_LEVEL = /^(?:co|com|net|org|gov|ac)\.[a-z]{2}$/;

/** Confidence when the issuer is established: a sender may book automatically on it. */
const SURE = 0.9;
/** The vendor of the best evidence when the issuer is not established: a person reviews it. */
const UNSURE = 0.6;
const WEAK = 0.5;

/** 'am.atlassian.com' → 'atlassian.com', 'mail.example.co.uk' → 'example.co.uk'. */
export function registrable(domain: string): string {
  const parts = domain.toLowerCase().split('.').filter(Boolean);
  const keep = parts.length >= 3 && SECOND_LEVEL.test(parts.slice(-2).join('.')) ? 3 : 2;
  return parts.slice(-keep).join('.');
}

const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\d]+/gu, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** A company name and a domain of the same business: "Hetzner Online GmbH" and hetzner.com, "British Telecommunications plc" and bt.com. */
function namesDomain(name: string, domain: string): boolean {
  const label = compact(domain.split('.')[0]);
  const words = withoutForm(name)
    .split(/[\s,&-]+/)
    .filter(Boolean);
  return (
    compact(name).includes(label) || (label.length >= 2 && words.map((w) => compact(w)[0]).join('') === label)
  );
}

/** A processor's own legal name in its receipt's footer ("Paddle.com Market Ltd"): not the merchant. */
const isProcessorName = (name: string) =>
  PROCESSORS.some((d) => compact(name).startsWith(compact(d.split('.')[0])));

interface VendorInput {
  /** Sender addresses: the original sender first, then the address that forwarded it, if any. */
  senders: string[];
  /** Display names of those senders. */
  senderNames: string[];
  subject: string;
  /** Document lines, in order. */
  lines: string[];
  /** The lines of the charges table. */
  itemLines: string[];
}

const NOISE_NAME =
  /\b(no-?reply|billing|invoices?|receipts?|payments?|accounts?|team|notifications?|support)\b/gi;

// ---- catalogue names, strictly ------------------------------------------------------------------

/** Text that can be a name: not a time ("Zeit: 10:19"), a field ("Customer:2"), a number or a sentence. */
function isNameLike(text: string): boolean {
  if (!/\p{L}{2}/u.test(text) || text.length > 80) return false;
  if (/\b\d{1,2}:\d{2}\b/.test(text) || /^[^:]{1,40}:\s*\S/.test(text)) return false;
  const digits = (text.match(/\d/g) ?? []).length;
  return digits <= text.length * 0.3 && text.split(/\s+/).length <= 8;
}

const wholeWord = (name: string, flags: string) =>
  new RegExp(`(?<![\\p{L}\\d])${escape(name)}(?![\\p{L}\\d]|\\.[\\p{L}])`, flags);

/**
 * Whether the text writes the app's name (or vendor, or a distinctive alias) whole: "Customer.io",
 * not "Customer"; names that are everyday words ("Notion", "Linear") only as the brand writes them.
 */
function writesName(app: CatalogApp, text: string): boolean {
  const names = [app.name, app.vendor.replace(/\s*\(.*\)$/, '')];
  if (names.some((n) => wholeWord(n, isCommonWordName(n) || n.length <= 4 ? 'u' : 'iu').test(text)))
    return true;
  return app.aliases.some((a) => a.length >= 3 && !isCommonWordName(a) && wholeWord(a, 'u').test(text));
}

/** Whether the text writes the app's own name (not its vendor's): which of a vendor's products. */
const writesAppName = (app: CatalogApp, text: string) =>
  wholeWord(app.name, isCommonWordName(app.name) ? 'u' : 'iu').test(text);

/** The catalogue app a name-like text names, or null. */
function catalogueName(raw: string): CatalogApp | null {
  const text = raw.replace(/https?:\/\//gi, '').trim();
  if (!isNameLike(text)) return null;
  const match = matchMerchant(text);
  return match && match.confidence >= 0.7 && writesName(match.app, text) ? match.app : null;
}

/** A name that is an everyday word proves the vendor only with more: its domain or its company name. */
const distinctive = (app: CatalogApp, text: string) =>
  !isCommonWordName(app.name) ||
  text.toLowerCase().includes(registrable(app.domain)) ||
  compact(text).includes(compact(app.vendor));

/** The catalogue apps whose company a legal name is: "Notion Labs, Inc." → Notion. */
function appsOfLegalName(legal: LegalName): CatalogApp[] {
  if (legal.brand) {
    const app = catalogueName(legal.brand);
    if (app) return CATALOG_BY_POPULARITY.filter((a) => a.vendor === app.vendor);
  }
  const words = withoutForm(legal.name)
    .split(/[\s,]+/)
    .map(compact)
    .filter(Boolean);
  const leads = (prefix: string[]) => prefix.length > 0 && prefix.every((w, i) => words[i] === w);
  const restIsCorporate = (from: number) => words.slice(from).every((w) => CORPORATE_WORDS.has(w));
  return CATALOG_BY_POPULARITY.filter((app) => {
    const vendor = app.vendor
      .replace(/\s*\(.*\)$/, '')
      .split(/\s+/)
      .map(compact)
      .filter(Boolean);
    const name = app.name.split(/\s+/).map(compact).filter(Boolean);
    const byVendor =
      leads(vendor) && (vendor.length > 1 || !isCommonWordName(vendor[0]) || restIsCorporate(1));
    return byVendor || (leads(name) && restIsCorporate(name.length));
  });
}

// ---- where the issuer names itself --------------------------------------------------------------

const TITLE =
  /^(?:invoice|tax invoice|receipt|rechnung|quittung|facture|reçu|factura|factuur|fattura|page\b)/i;
/** "Receipt from Figma, Inc.", "Your invoice from Acme", "Zahlung an Acme", "Paiement à Acme". */
const FROM_PHRASE =
  /\b(?:receipt|invoice|payment|order|rechnung|quittung|facture|reçu)\s+(?:from|for|von|de|du)\s+(.+?)(?:\s+[#[(]|\s+-\s|$)|\b(?:payment\s+to|zahlung\s+an|paiement\s+à)\s+(.+?)(?:\s+[#[(]|\s+-\s|$)/i;

const DESCRIPTOR = /\bappear\s+on\s+your\s+(?:card\s+|bank\s+)?statement\s+as\s+"?(.+?)"?\.?$/i;

const fromPhrase = (text: string) => {
  const m = FROM_PHRASE.exec(text);
  return (m?.[1] ?? m?.[2] ?? '').trim();
};

/** The first lines before anything else: the letterhead, customer blocks left out. */
const letterhead = (parties: Parties) =>
  parties.issuerLines
    .slice(0, 8)
    .filter((l) => l && !TITLE.test(l))
    .slice(0, 4)
    .map((l) => l.split(/\s{2,}/)[0]);

// ---- the decision -------------------------------------------------------------------------------

/** The product a line item names among the issuer's products: an Atlassian invoice for Confluence. */
function productOf(family: CatalogApp[], itemLines: string[]): CatalogApp | null {
  for (const line of itemLines) {
    const named = family
      .filter((app) => app.name.length >= 3 && writesAppName(app, line))
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (named) return named;
  }
  return null;
}

const familyOf = (apps: CatalogApp[]) => {
  const vendors = new Set(apps.map((a) => a.vendor));
  return CATALOG_BY_POPULARITY.filter((a) => vendors.has(a.vendor) || apps.includes(a));
};

const found = (app: CatalogApp, confidence: number, domain: string | null): VendorFound => ({
  app,
  name: app.vendor,
  domain: domain && appsOfDomain(domain).includes(app) ? domain : registrable(app.domain),
  confidence,
});

/** The issuer of the document and the catalogue app billed, with a confidence. */
export function recogniseVendor(input: VendorInput): VendorFound | null {
  const parties = readParties(input.lines);
  const senderDomain = registrable(input.senders[0]?.split('@')[1] ?? '');
  const viaProcessor = PROCESSORS.includes(senderDomain);
  const ownDomain = senderDomain.includes('.') && !NOT_VENDORS.has(senderDomain) ? senderDomain : null;
  // A display name belongs to the original sender only when both are known (a forward may lack it).
  const senderName =
    input.senders.length <= 1 || input.senderNames.length === input.senders.length
      ? (input.senderNames[0] ?? '').replace(NOISE_NAME, ' ').replace(/\s+/g, ' ').trim()
      : '';
  const legal = parties.legalNames.filter((l) => !isProcessorName(l.name));
  const issuer = legal.find((l) => l.score >= 3) ?? null;
  const issuerApps = issuer ? appsOfLegalName(issuer) : [];
  // On a processor's receipt the processor's own name ("Paddle") is never the merchant.
  const merchantName = (text: string) => {
    const app = catalogueName(text);
    return app && !(viaProcessor && isProcessorName(app.name)) ? app : null;
  };
  const agreesWithDomain = (name: string) => ownDomain !== null && namesDomain(name, ownDomain);

  // 1. The sender's own domain, unless the document's issuer is plainly another business.
  const domainApps = ownDomain ? appsOfDomain(ownDomain) : [];
  if (domainApps.length > 0) {
    // The document's issuer is another business (a marketplace's seller, a group company selling
    // something else): its own name when it says so outright, else the sender's app, for review.
    const other = issuer !== null && !issuerApps.some((app) => domainApps.includes(app));
    if (other && issuer.labelled) {
      const domain = agreesWithDomain(issuer.name) ? ownDomain : null;
      return { app: null, name: issuer.name, domain, confidence: UNSURE };
    }
    const named = productOf(domainApps, input.itemLines) ?? mentioned(domainApps, parties, input);
    const exact = domainApps.find((app) => registrable(app.domain) === ownDomain) ?? domainApps[0];
    const sure = other ? UNSURE : named ? SURE : domainApps.length === 1 ? 0.85 : UNSURE;
    return found(named ?? exact, sure, ownDomain);
  }
  // 2. The issuer's legal name, with its ids or in its own block, is a catalogue vendor.
  if (issuerApps.length > 0) {
    const named = productOf(issuerApps, input.itemLines) ?? mentioned(issuerApps, parties, input);
    return found(named ?? issuerApps[0], named || issuerApps.length === 1 ? SURE : UNSURE, ownDomain);
  }
  // 3. A processor's receipt: the merchant it names (its sender name, subject, "Receipt from …").
  // An everyday-word name ("Linear") is sure when two of those fields name it.
  if (viaProcessor && !issuer) {
    const fields = [senderName, fromPhrase(input.subject), ...parties.issuerLines.map(fromPhrase)];
    const apps = fields.map((text) => (text ? merchantName(text) : null));
    const first = apps.findIndex(Boolean);
    if (first >= 0) {
      const app = apps[first]!;
      const named = productOf(familyOf([app]), input.itemLines) ?? app;
      const agreeing = apps.filter((a) => a === app).length;
      return found(named, distinctive(app, fields[first]) || agreeing >= 2 ? SURE : UNSURE, null);
    }
    // The card statement descriptor it announces: "will appear as PADDLE.NET* N8N CLOUD PR".
    const descriptor = parties.issuerLines.map((l) => DESCRIPTOR.exec(l)?.[1]).find(Boolean);
    const match = descriptor ? matchMerchant(descriptor) : null;
    if (match) {
      // A truncated descriptor ("N8N CLOUD PR") is sure when a line item names the same business.
      const product = productOf(familyOf([match.app]), input.itemLines);
      if (product || match.confidence >= 0.8) return found(product ?? match.app, SURE, null);
    }
  }
  // 4. An issuer outside the catalogue: its legal name, sure only when the sender's domain agrees.
  if (issuer) {
    const sure = agreesWithDomain(issuer.name);
    return {
      app: null,
      name: issuer.name,
      domain: sure ? ownDomain : null,
      confidence: sure ? 0.85 : UNSURE,
    };
  }
  // 5. No issuer established: the best evidence, for a person to confirm.
  const named = [
    senderName,
    fromPhrase(input.subject),
    ...parties.labelled,
    ...letterhead(parties),
    ...legal.map((l) => l.name),
  ].flatMap((text) => {
    const app = text ? merchantName(text) : null;
    return app ? [app] : [];
  })[0];
  // A company named on the document, even weakly, outranks a product it may merely sell.
  const issuerName = legal[0]?.name ?? parties.labelled[0] ?? null;
  const app = named ?? (issuerName ? null : weakMention(parties, input));
  if (app) {
    const product = productOf(familyOf([app]), input.itemLines) ?? app;
    return found(product, named ? UNSURE : WEAK, ownDomain);
  }
  return outsideCatalogue(parties, senderName, ownDomain, issuerName);
}

/** The app of a family the issuer's own lines or the subject name: Zoom's invoice for "Zoom Rooms". */
function mentioned(family: CatalogApp[], parties: Parties, input: VendorInput): CatalogApp | null {
  if (family.length <= 1) return null;
  const texts = [input.subject, ...input.senderNames, ...parties.issuerLines];
  const named = family
    .filter((app) => texts.some((t) => writesAppName(app, t)))
    .sort((a, b) => b.name.length - a.name.length);
  // Else the app its company name is known by: "Lucid Software" → Lucidchart.
  const byName = [...input.senderNames, ...parties.legalNames.map((l) => withoutForm(l.name))]
    .map(catalogueName)
    .find((app) => app && family.includes(app));
  return named[0] ?? byName ?? null;
}

/** A catalogue name in the issuer's lines or a line item, with nothing else to go on. */
function weakMention(parties: Parties, input: VendorInput): CatalogApp | null {
  for (const line of [...input.itemLines, ...parties.issuerLines.slice(0, 80)]) {
    const app = catalogueName(line.split(/\s{2,}/)[0]);
    if (app) return app;
  }
  return null;
}

/**
 * Outside the catalogue: the sender's name when the document names it too (outside the customer's
 * side), else the issuer's legal name, else the sender's domain when the document names it — a
 * colleague ("Alex Kim") or a scanner mailing a document is not the vendor.
 */
function outsideCatalogue(
  parties: Parties,
  senderName: string,
  ownDomain: string | null,
  issuerName: string | null,
): VendorFound | null {
  const named = (text: string) => parties.issuerLines.some((line) => wholeWord(text, 'iu').test(line));
  const name = senderName && named(senderName) ? senderName : null;
  const domainNamed = ownDomain && named(ownDomain.split('.')[0]) ? ownDomain : null;
  if (!name && issuerName) return { app: null, name: issuerName, domain: null, confidence: WEAK };
  if (name || domainNamed)
    return { app: null, name: name || domainNamed!, domain: ownDomain, confidence: WEAK };
  // A receipt's letterhead: its first line that reads as a business name ("RESTORAN WAN SHENG"),
  // for a person to confirm — never sure, and never a lone word or a line of figures.
  const head = letterhead(parties).find((l) => isNameLike(l) && /\p{L}{2,}\s+\p{L}{2,}/u.test(l));
  // A registration number printed after the name ("(759765-H)") is not part of it.
  const headName = head?.replace(/\s*\([^)]*\d[^)]*\)\s*$/, '').trim();
  return headName ? { app: null, name: headName, domain: null, confidence: WEAK } : null;
}
