// Who issued the document, read from its layout alone. The customer's side ("Bill to", "Kunde",
// "Destinataire"…) is set aside first: a customer's or a person's name there is never the vendor.
// What is left names the issuer: its legal name ("Deutsche Telekom AG") in the letterhead, the
// footer, a "From"/"Seller" block, or beside its VAT id and bank details.

/** Labels of the customer's party, at the start of a line or a column. */
const CUSTOMER_LABEL =
  /^(?:bill(?:ed|ing)?\s+to|invoice[d]?\s+to|sold\s+to|ship(?:ped)?\s+to|deliver(?:ed|y)?\s+to|delivery\s+address|billing\s+address|customer(?:\s+(?:name|address|details|information))?|client|buyer|purchaser|recipient|rechnungs(?:empfänger(?:in)?|adresse|anschrift)|liefer(?:adresse|anschrift)|leistungsempfänger|empfänger|kunde|kundin|käufer|auftraggeber|destinataire|factur[ée]e?\s+à|adresse\s+de\s+(?:facturation|livraison)|livr[ée]e?\s+à|acheteur|cliente|facturar\s+a|klant|factuur\s+aan|destinatario|spett\.le|gast|guest)(?![\p{L}\d]|\.[\p{L}])\s*[:.]?\s*/iu;

/** A salutation opens a postal address: the recipient's, in a letter's address window. */
const SALUTATION =
  /^(?:herrn?|frau|z\.\s?hd\.?|attn\.?:?|attention:?|c\/o|monsieur|madame|mme\.?|m\.|mr\.?|mrs\.?|ms\.?)\s+\p{Lu}/u;

/** Labels of the issuer's party ("From:", "Seller", "Verkäufer", "Émetteur", "Bill from"…). */
const ISSUER_LABEL =
  /^(?:from|bill(?:ed)?\s+from|billed\s+by|issued\s+by|sold\s+by|verkauft\s+von|vendu\s+par|seller|supplier|vendor|merchant|payee|service\s+provider|verkäufer|lieferant|rechnungssteller|leistungserbringer|absender|anbieter|vendeur|[ée]metteur|fournisseur|prestataire|vendedor|emisor|proveedor|leverancier|verkoper|fornitore|cedente)(?![\p{L}\d])\s*[:.]?\s*/iu;

/** The issuer's tax and company ids, and its bank details: printed by the issuer about itself. */
const ISSUER_IDS =
  /\b(?:ust\.?[\s-]?id(?:[\s-]?nr)?|umsatzsteuer[\s-]?(?:identifikations)?(?:nummer|id)|steuer[\s-]?nr|steuernummer|vat\s*(?:reg(?:istration)?\.?\s*)?(?:no|number|id|#)|vat\s+reg|tax\s*(?:id|number|no)|tva\s+intracommunautaire|n[°º]\s*(?:de\s+)?tva|num[ée]ro\s+de\s+tva|siren|siret|btw[\s-]*(?:nr|nummer|id)|kvk|p\.?\s?iva|partita\s+iva|gstin|gst\s*(?:no|number|reg)|amtsgericht|registergericht|companies\s+house|company\s+(?:no|number|reg)|registered\s+(?:in|office|number)|iban|bic|swift|bankverbindung|kontoinhaber|account\s+holder|beneficiary|b[ée]n[ée]ficiaire|titulaire|bank\s+details|coordonn[ée]es\s+bancaires)\b/i;
/** Short ids only in capitals: "EIN 12-3456789", not the German word "ein". */
const SHORT_IDS = /\b(?:RCS|NIF|CIF|ABN|ACN|EIN|UID|HRB|HRA|RIB|BIC|KvK|IBAN)\b/;
/** An id line about the customer ("Your VAT ID", "USt-IdNr. des Kunden"): not the issuer's. */
const CUSTOMER_ID = /\b(?:customer|client|kunden?|your|ihre|votre|buyer|acheteur|recipient)\b|empfänger/i;

/** Company forms a legal name ends with. Short upper-case ones only in their own case. */
const FORM = String.raw`(?:GmbH(?:\s*&\s*Co\.?\s*KG(?:aA)?)?|gGmbH|AG|KGaA|KG|OHG|UG(?:\s*\(haftungsbeschränkt\))?|e\.\s?K\.|SE|SAS|SASU|S\.A\.S\.?|SARL|S\.?à\s?r\.?\s?l\.?|Sàrl|EURL|S\.A\.|SA|Ltd\.?|LTD\.?|Limited|LIMITED|LLC|L\.L\.C\.|LLP|Inc\.?|INC\.?|Incorporated|Corp\.?|Corporation|PLC|plc|B\.V\.|BV|N\.V\.|NV|S\.r\.l\.|Srl|S\.R\.L\.|S\.p\.A\.|SpA|S\.L\.U?\.?|Pty\.?\s+Ltd\.?|Pty|Pte\.?\s+Ltd\.?|Pvt\.?\s+Ltd\.?|Private\s+Limited|Co\.,?\s+Ltd\.?|SDN\.?\s*BHD\.?|Sdn\.?\s*Bhd\.?|BHD|Bhd|S/B|Ltda\.?|S\.A\.\s+de\s+C\.V\.|Co\.|CO\.|Oy|Oyj|AB|A/S|ApS|ASA|Sp\.\s?z\s?o\.\s?o\.|s\.r\.o\.|K\.K\.|ULC|PBC)`;
const WORD = String.raw`[\p{L}\d][\p{L}\d&'’.+-]*`;
const LEGAL_NAME = new RegExp(
  String.raw`((?:${WORD},?\s+(?:(?:&|and|und|et|de|du|of|the|für|for)\s+)?){1,6})${FORM}(?![\p{L}\d])`,
  'gu',
);
/** Words that open a sentence or a heading before a name ("Rechnung von", "© 2026"). */
const NOT_NAME_WORD =
  /^(?:©|\(c\)|copyright|rechnung|invoice|facture|factura|receipt|quittung|from|von|de|by|par|the|die|der|das|le|la|les|thank|thanks|danke|merci|vielen|dank|powered|operated|provided|issued|billed|sold|an|at|bei|chez|with|mit)$/i;
const CELL_SEPARATOR = /\s{2,}|\t|\s[·|•–—]\s|\s-\s/;

export interface LegalName {
  name: string;
  /** The brand it trades as: "RealtimeBoard, Inc. dba Miro" → "Miro". */
  brand: string | null;
  /** How much the layout says it is the issuer: letterhead, footer, an issuer block, its ids nearby. */
  score: number;
  /** Under an issuer label ("Sold by", "Verkäufer", "Émetteur"): the document says so outright. */
  labelled: boolean;
}

export interface Parties {
  /** The document lines with the customer's side blanked out ('' for a whole customer line). */
  issuerLines: string[];
  /** The issuer's legal names, best first. */
  legalNames: LegalName[];
  /** What the issuer labels carry: "From: Acme Cloud" → "Acme Cloud". */
  labelled: string[];
}

/** A period ("From 01.03.2026", "From March 1 to 31") is not a party. */
const DATE_LIKE =
  /\d{1,2}[./:-]\d{1,2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre)[a-z]*\.?\s+\d/i;

const cellsOf = (line: string) => line.split(CELL_SEPARATOR).map((c) => c.trim());

/** A value that reads as a party's name or address, not an id or a date ("Kunde: 12345"). */
const namesAParty = (value: string) =>
  /\p{L}{2}/u.test(value) && !/^[\p{L}\s.-]{0,12}(?:id|nr|no)\b/iu.test(value);

/** Where a block of party lines ends: another field, an amount, a heading. */
const endsBlock = (line: string) =>
  ISSUER_LABEL.test(line) ||
  /^[\p{L}][\p{L} .'/#°-]{1,30}\s?:/u.test(line) ||
  /\d[.,]\d{2}\b/.test(line) ||
  /\b(?:invoice|rechnung|facture|factura|receipt|quittung|reçu|date|datum|description|beschreibung)\b/i.test(
    line,
  );

/** Blanks the customer's side: the labelled field, and the address block under a bare label. */
function withoutCustomer(lines: string[]): string[] {
  const out = [...lines];
  for (let i = 0; i < lines.length; i++) {
    const cells = cellsOf(lines[i]);
    if (SALUTATION.test(lines[i])) {
      // "Acme Robotics GmbH" / "Herrn Alex Kim" / street / city: the company above belongs to it.
      if (i > 1 && cellsOf(lines[i - 1]).length === 1) out[i - 1] = '';
      for (let j = i; j < Math.min(lines.length, i + 4) && (j === i || !endsBlock(lines[j])); j++)
        out[j] = '';
      continue;
    }
    const at = cells.findIndex((c) => CUSTOMER_LABEL.test(c));
    if (at < 0) continue;
    // Two parties side by side ("Bill to    From"), or one label with its value in the next column.
    const columns = cells.some(
      (c, k) => k !== at && (ISSUER_LABEL.test(c) || /^[\p{L}][\p{L} .#°-]{1,30}:/u.test(c)),
    );
    let value = cells[at].replace(CUSTOMER_LABEL, '');
    if (!columns && !value) value = cells[at + 1] ?? '';
    out[i] = columns ? cells.filter((_, k) => k !== at).join('  ') : '';
    if (value && !namesAParty(value)) continue;
    // The party's name and address under (or after) the label, in its column when there are two.
    for (let j = i + 1; j < Math.min(lines.length, i + 6) && !endsBlock(lines[j]); j++) {
      const row = cellsOf(out[j]);
      if (!columns || (row.length === 1 && at === 0)) out[j] = '';
      else if (row.length === cells.length) out[j] = row.filter((_, k) => k !== at).join('  ');
    }
  }
  return out;
}

/** Words a company name adds to its brand: "Slack Technologies", "Hetzner Online", "Google Ireland". */
export const CORPORATE_WORDS = new Set([
  ...['technologies', 'technology', 'software', 'labs', 'lab', 'systems', 'solutions', 'services'],
  ...['holdings', 'holding', 'group', 'international', 'europe', 'emea', 'ireland', 'uk', 'germany'],
  ...['deutschland', 'france', 'operations', 'online', 'communications', 'video', 'cloud', 'digital'],
  ...['global', 'company', 'payments', 'platforms', 'networks', 'hq', 'us', 'usa', 'eu', 'io', 'app'],
  // Subsidiaries named after the market they bill: "Slack Japan K.K.", "Atlassian Australia Pty Ltd".
  ...['japan', 'australia', 'canada', 'india', 'singapore', 'netherlands', 'switzerland', 'austria'],
  ...['spain', 'italy', 'nordics', 'asia', 'pacific', 'apac', 'americas', 'america', 'north', 'latam'],
  ...['brasil', 'brazil', 'mexico', 'korea', 'china', 'hong', 'kong', 'belgium', 'sweden', 'poland'],
  ...['limited', 'unlimited', 'inc', 'llc', 'ltd', 'gmbh', 'bv', 'sarl', 'sas', 'sa', 'ag', 'kk', 'pty'],
]);
const onlyCorporate = (name: string) =>
  withoutForm(name)
    .toLowerCase()
    .split(/[\s,]+/)
    .every((w) => !w || CORPORATE_WORDS.has(w));
const BRAND =
  /^,?\s*(?:dba|d\/b\/a|trading\s+as|t\/a)\s+([\p{L}\d][\p{L}\d.&' -]{0,40}?)(?=\s{2,}|,|\s[·|]|$)/iu;

/** The legal names written in a line, without the words that lead into them. */
function legalNamesIn(line: string, previous: string): Array<{ name: string; brand: string | null }> {
  return cellsOf(line).flatMap((labelledCell, k) => {
    const cell = labelledCell.replace(ISSUER_LABEL, '');
    return [...cell.matchAll(LEGAL_NAME)].flatMap((m) => {
      const words = m[0].replace(/\s+/g, ' ').trim().split(' ');
      while (words.length > 1 && (NOT_NAME_WORD.test(words[0]) || /^\p{Ll}|^\d+$/u.test(words[0])))
        words.shift();
      let name = words.join(' ');
      // A name wrapped onto two lines: "Asana Technologies" / "Ireland Limited".
      if (
        onlyCorporate(name) &&
        k === 0 &&
        m.index === 0 &&
        /^[\p{Lu}\d][\p{L}\d .&-]{1,40}$/u.test(previous)
      )
        name = `${previous} ${name}`;
      const brand = BRAND.exec(cell.slice(m.index + m[0].length))?.[1]?.trim() ?? null;
      return words.length > 1 && name.length <= 80 && !onlyCorporate(name) ? [{ name, brand }] : [];
    });
  });
}

/** The document's parties: the issuer's lines, legal names and labelled names. */
export function readParties(lines: string[]): Parties {
  const issuerLines = withoutCustomer(lines);
  const ids = issuerLines.map((l) => (ISSUER_IDS.test(l) || SHORT_IDS.test(l)) && !CUSTOMER_ID.test(l));
  const labelled: string[] = [];
  const underLabel = new Set<number>();
  issuerLines.forEach((line, i) => {
    const m = ISSUER_LABEL.exec(line);
    if (!m) return;
    const value =
      cellsOf(line.slice(m[0].length))[0]
        ?.replace(/<[^>]*>|"/g, '')
        .trim() ?? '';
    const name = value || (issuerLines[i + 1] ?? '');
    if (name && namesAParty(name) && !DATE_LIKE.test(name)) {
      labelled.push(cellsOf(name)[0]);
      for (let j = i; j <= i + 3; j++) underLabel.add(j);
    }
  });
  const found = new Map<string, LegalName>();
  // The letterhead and the footer: a third of a short document each, at most 6 and 10 lines.
  const top = Math.min(6, Math.ceil(issuerLines.length / 3));
  const footer = issuerLines.length - Math.min(10, Math.ceil(issuerLines.length / 3));
  issuerLines.forEach((line, i) => {
    for (const { name, brand } of legalNamesIn(line, cellsOf(issuerLines[i - 1] ?? '').at(-1) ?? '')) {
      const nearIds = ids.slice(Math.max(0, i - 2), i + 3).some(Boolean);
      const score =
        (found.has(name) ? 0.5 : 1) +
        (nearIds ? 2 : 0) +
        (i < top ? 1.5 : 0) +
        (i >= footer ? 1 : 0) +
        (underLabel.has(i) ? 3 : 0);
      const seen = found.get(name);
      found.set(name, {
        name,
        brand: seen?.brand ?? brand,
        score: (seen?.score ?? 0) + score,
        labelled: Boolean(seen?.labelled) || underLabel.has(i),
      });
    }
  });
  const legalNames = [...found.values()].sort((a, b) => b.score - a.score);
  return { issuerLines, legalNames, labelled };
}

/** A legal name without its company form: "Notion Labs, Inc." → "Notion Labs". */
export function withoutForm(name: string): string {
  return name
    .replace(new RegExp(String.raw`,?\s*${FORM}$`, 'u'), '')
    .replace(/[,\s]+$/, '')
    .trim();
}
