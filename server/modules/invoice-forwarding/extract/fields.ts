// The invoice fields read from a document's text (PDF text, else the HTML/text body), each with a
// confidence 0..1. Labels in English, German, French and Spanish; amounts and dates go through
// the shared parsers (./amounts.ts finds them, common/money and common/tabular read them).
import type { CatalogApp } from '../../../../common/catalog';
import type {
  FieldConfidence,
  InvoiceFields,
  InvoiceLineItem,
} from '../../../../common/contracts/invoice-forwarding';
import { isCurrencyCode } from '../../../../common/money';
import {
  amountsIn,
  dateOrderOf,
  datesIn,
  isAmbiguousDate,
  moneyContext,
  rangeIn,
  type MoneyContext,
} from './amounts';
import type { DateOrder } from '../../../../common/tabular/dates';
import { EMPTY_FIELDS } from './types';
import { recogniseVendor } from './vendor';

export interface DocumentInput {
  text: string;
  subject: string;
  senders: string[];
  senderNames: string[];
  /** When the message was sent: the issue date's last resort. */
  sentAt: Date | null;
}

export interface FieldsRead {
  fields: InvoiceFields;
  confidence: FieldConfidence;
  app: CatalogApp | null;
}

const lower = (s: string) => s.toLowerCase();

// ---- invoice number -------------------------------------------------------------------------

/** Labels of the document's number, most telling first: invoice, then receipt, then order. */
const NUMBER_LABELS: RegExp[] = [
  /\b(?:invoice|inv|(?:handels)?rechnungs?|facture|factura|factuur|fattura)[\s.-]*(?:number|no\.?|nr\.?|n[°º.]|#|num(?:ber|éro|ero|mer)?|id)(?![\p{L}])(?:\s*[:.#])*\s*|\b(?:rechnungsnummer|factuurnummer|numéro de facture|número de factura|numero (?:della )?fattura)\s*[:.#]?\s*|\bn[°º]\s*(?:de\s+)?(?:facture|factura)\s*[:.#]?\s*|\b(?:invoice|rechnung|facture|factura|factuur)\s*[:#]?\s*(?=#?\s*[A-Z0-9-]*\d)/iu,
  /\b(?:receipt|credit note|doc(?:ument)?|bill|beleg|bon|quittung|reçu|recibo)[\s-]*(?:number|no\.?|nr\.?|n[°º]|#|id)(?![\p{L}])\s*[:.#]?\s*|\b(?:belegnummer|receipt)\s*[:#]?\s*(?=#?\s*[A-Z0-9-]*\d)/iu,
  /\b(?:order|trans(?:action)?|bestell|commande|pedido)[\s-]*(?:number|no\.?|nr\.?|n[°º]|#|id|nummer|reference|ref\.?)(?![\p{L}])\s*[:.#]?\s*|\bbestellnummer\s*[:.#]?\s*/iu,
];
/** A number as printed, its letters and prefix kept: "E2014-001", "CS 24399", "F 1234K20/1234/12". */
const NUMBER_VALUE =
  /^[#[(]?\s*([A-Z]{1,3} \d[A-Z0-9\-_/.]*|\d{1,4} \d{3,}(?=\s{2,}|\s*$)|[A-Z0-9][A-Z0-9\-_/.]*\d[A-Z0-9\-_/.]*|\d[A-Z0-9\-_/.]*)/i;
const TITLE_WORD = /\b(?:invoice|receipt|rechnung|facture|factura|factuur|fattura)\s*$/i;
/** What follows a label when its value is elsewhere: nothing, or the next column's label ("Date:"). */
const NO_VALUE_HERE = /^(?:\s*$|\s*\p{L}[\p{L} .]*:)/u;

const LONE_VALUE = /^\s*([A-Z0-9][A-Z0-9\-_/.]*\d[A-Z0-9\-_/.]*)\s*$/i;

/**
 * The value right after a label, else (the label closing its column) at the start of the next
 * line, else a lone value right above it (a skewed scan); `above` is a guess.
 */
function labelValue(lines: string[], i: number, after: number): { value: string; above: boolean } | null {
  const rest = lines[i].slice(after);
  const here = NUMBER_VALUE.exec(rest)?.[1];
  if (here) return { value: here, above: false };
  if (!NO_VALUE_HERE.test(rest)) return null;
  const below = /^\s*([A-Z0-9][A-Z0-9\-_/.]*\d[A-Z0-9\-_/.]*)(?:\s|$)/i.exec(lines[i + 1] ?? '')?.[1];
  if (below) return { value: below, above: false };
  const above = LONE_VALUE.exec(lines[i - 1] ?? '')?.[1];
  return above ? { value: above, above: true } : null;
}

function invoiceNumber(lines: string[], subject: string): [string, number] | null {
  for (const [rank, label] of NUMBER_LABELS.entries()) {
    for (const [i, line] of lines.entries()) {
      const m = label.exec(line);
      if (!m) continue;
      const found = labelValue(lines, i, m.index + m[0].length);
      const value = found?.value.replace(/[.,:;]$/, '');
      if (value && !isDateLike(value) && value.length <= 60)
        return [value, found?.above ? 0.7 : rank === 0 ? 0.9 : 0.8];
    }
    // A title ("INVOICE") with the number under it ("# TF-INV-0093341").
    if (rank === 0) {
      for (let i = 1; i < lines.length; i++) {
        const m = /^#\s*([A-Z0-9][A-Z0-9\-_/.]*\d[A-Z0-9\-_/.]*)$/i.exec(lines[i]);
        if (m && TITLE_WORD.test(lines[i - 1])) return [m[1], 0.8];
      }
    }
  }
  // A line opening with a bare "No.:" under the document's title: likely its number, not sure.
  for (const line of lines) {
    const m = /^(?:no|nr|n[°º])\.?\s*[:#]\s*([A-Z0-9][A-Z0-9\-_/.]*\d[A-Z0-9\-_/.]*)/i.exec(line);
    if (m && !isDateLike(m[1])) return [m[1], 0.7];
  }
  for (const label of NUMBER_LABELS) {
    const m = label.exec(subject);
    const value = m ? NUMBER_VALUE.exec(subject.slice(m.index + m[0].length))?.[1] : undefined;
    if (value && !isDateLike(value)) return [value.replace(/[.,:;]$/, ''), 0.7];
  }
  // "Your receipt from Notion Labs, Inc. #2031-4411"
  const hash = /\b(?:invoice|receipt|rechnung|facture|factura|factuur)\b.*#\s?([A-Z0-9][\w-]*\d[\w-]*)/i.exec(
    subject,
  );
  return hash ? [hash[1], 0.6] : null;
}

const isDateLike = (s: string) => /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(s);

// ---- dates ------------------------------------------------------------------------------------

const ISSUE_LABELS = [
  /\b(?:invoice|receipt|issue|billing|bill|document)\s+date\b|\bdate\s+(?:of\s+)?issue[d]?\b|\bissued(?:\s+on)?\b|\bdate\s+issued\b/i,
  /\b(?:rechnungsdatum|belegdatum|ausstellungsdatum|factuurdatum|date de (?:la )?facture|date d'émission|fecha de (?:la )?factura|fecha de emisión|data (?:della )?fattura|data (?:di )?emissione)\b/i,
  /\b(?:date\s+paid|paid\s+on|payment\s+date|charged\s+on|order\s+date)\b/i,
  /^(?:date|datum|fecha|data)\b/i,
  // "Date" heading a column in the middle of a line: "Receipt #:   Date: 27/09/2017".
  /(?:^|\s)(?:date|datum|fecha|data)\s*:/i,
];
/** A due date, a period or a next renewal is never the issue date, whatever its label says. */
const NOT_ISSUE =
  /\b(?:due|fällig\w*|échéance|vencimiento|vervaldatum|vervaldag|scadenza|period|zeitraum|période|renew\w*|next|from|to|print(?:ed)?)\b/i;

const CONFIDENCE_BY_RANK = [0.9, 0.9, 0.85, 0.8, 0.8];

function issueDate(lines: string[], order: DateOrder, proven: boolean): [string, number] | null {
  // An ambiguous numeric date (03/04/2026) read in a guessed order is not sure, however labelled.
  const sure = (raw: string, confidence: number) =>
    !proven && isAmbiguousDate(raw) ? Math.min(confidence, 0.6) : confidence;
  for (const [rank, label] of ISSUE_LABELS.entries()) {
    for (let i = 0; i < lines.length; i++) {
      const m = label.exec(lines[i]);
      if (!m) continue;
      const before = lines[i].slice(0, m.index);
      if (NOT_ISSUE.test(before) || NOT_ISSUE.test(m[0])) continue;
      const rest = lines[i].slice(m.index + m[0].length);
      const found =
        (datesIn(rest, order)[0] && { line: rest, date: datesIn(rest, order)[0] }) ??
        (lines[i].trim().length < 40 && datesIn(lines[i + 1] ?? '', order)[0]
          ? { line: lines[i + 1], date: datesIn(lines[i + 1], order)[0] }
          : undefined);
      if (found) {
        const raw = found.line.slice(found.date.index, found.date.end);
        return [found.date.date, sure(raw, CONFIDENCE_BY_RANK[rank])];
      }
    }
  }
  return unlabelledDate(lines, order, sure);
}

/**
 * A receipt's date printed with no label, usually beside the time of sale ("10/03/2018 17:24:07").
 * Only when every date the document prints (outside due and period lines) is that same day.
 */
function unlabelledDate(
  lines: string[],
  order: DateOrder,
  sure: (raw: string, confidence: number) => number,
): [string, number] | null {
  const found = lines.flatMap((line) =>
    NOT_ISSUE.test(line) ? [] : datesIn(line, order).map((d) => ({ ...d, line })),
  );
  if (found.length === 0 || found.some((d) => d.date !== found[0].date)) return null;
  const first = found[0];
  const withTime = /^\s*(?:T|\s)?\d{1,2}:\d{2}/.test(first.line.slice(first.end));
  return [first.date, sure(first.line.slice(first.index, first.end), withTime ? 0.8 : 0.7)];
}

const PERIOD_LABEL =
  /\b(?:billing|service|subscription|invoice|usage)\s+period\b|\bperiod\b|\bleistungszeitraum\b|\babrechnungszeitraum\b|\bzeitraum\b|\bpériode\b|periode\b|\bperiodo\b|\bbilling cycle\b/i;

function period(lines: string[], order: DateOrder): [{ start: string; end: string }, number] | null {
  for (let i = 0; i < lines.length; i++) {
    if (!PERIOD_LABEL.test(lines[i])) continue;
    const range = rangeIn(lines[i], order) ?? rangeIn(lines[i + 1] ?? '', order);
    if (range) return [range, 0.9];
  }
  for (const line of lines) {
    const range = rangeIn(line, order);
    if (range) return [range, 0.75];
  }
  return null;
}

// ---- money ------------------------------------------------------------------------------------

/**
 * The amount payable including tax, most telling label first: a gross or grand total (after cash
 * rounding), then what was paid, then what is due, then a bare "Total".
 */
const TOTAL_LABELS: RegExp[] = [
  /\b(?:grand\s+total|invoice\s+total|order\s+total|total\s+amount|amount\s+total|(?:total|ttl)\b[^\d\n]{0,16}\b(?:round(?:ed|ing)?|rnd)\b|rounded\s+total|total\b[^\d\n]{0,16}\b(?:incl(?:\.|uding|usive)?|inkl\.?)(?![\p{L}])|total\s+(?:\(|due|paid|charged|ttc)|(?:total|amount|amt)\s+(?:amt\s+|amount\s+)?payable|total\s+[A-Z]{3}\b|gesamtbetrag|bruttosumme|bruttobetrag|rechnungsbetrag|zahlbetrag|endbetrag|gesamtsumme|montant\s+total|montant\s+ttc|total\s+ttc|net\s+à\s+payer|importe\s+total|total\s+(?:de\s+la\s+)?factura|totale\s+(?:documento|fattura|da\s+pagare)|factuurbedrag|totaalbedrag)/iu,
  /\b(?:amount|total)\s+(?:paid|charged)\b|\bpaid\b|\bbezahlt\b|\bcharged\b/i,
  /\b(?:amount|balance|total)\s+due\b|\bzu\s+zahlen\b|\bmontant\s+dû\b|\bte\s+betalen\b|\btotal\s+à\s+payer\b|\bà\s+payer\b/i,
  /^total\b|\btotal\s*:|\bsumme\b|\btotal\b|\btotaal\b|\btotale\b|\bbrutto\b/i,
  /^(?:amount|betrag|montant|importe|bedrag)\s*:/i,
];
/**
 * Lines that are never the payable total: sub-totals, net amounts, tax amounts ("TOTAL INCLUDES 6%
 * GST", "GST @6% INCLUDED IN TOTAL") and allowance or charge sums ("Gesamtbetrag der Zuschläge").
 */
const NOT_TOTAL =
  /\b(?:sub-?\s?total|zwischensumme|sous-total|subtotal|subtotaal|total\s+(?:excl|excluding|before|net|ht|tax|vat|gst|mwst|tva|iva|btw)|(?:tax|vat|gst)\s+total|net\s+total|nettobetrag|nettosumme|netto|total\s+hors|exkl|excl\.?\s+(?:tax|vat)|excluding|total\s+includes|included\s+in\s+total|der\s+(?:zuschläge|abschläge|nachlässe)|allowances?|(?:total|sum)\s+(?:of\s+)?(?:charges|allowances)|imponibile|base\s+imponible|montant\s+ht|total\s+imposta)\b/iu;

interface TotalFound {
  minor: number;
  currency: string | null;
  line: number;
  rank: number;
  /** The amount stood on a neighbouring line, not beside its label (a stacked or skewed layout). */
  near: boolean;
  /** Cash tendered less change gives the same amount. */
  checked: boolean;
}

/** A line that is nothing but one amount ("28.50"): on a skewed scan, the value of a label beside it. */
function bareAmount(line: string | undefined, ctx: MoneyContext, currency: string | null) {
  if (line === undefined) return null;
  const found = amountsIn(line, ctx, currency);
  return found.length === 1 && line.replace(found[0].raw, '').trim() === '' ? found[0] : null;
}

/** The amount of a label: on its line, else the line below, else a bare amount right above it. */
function amountOfLabel(lines: string[], i: number, from: number, ctx: MoneyContext, currency: string | null) {
  const same = amountsIn(lines[i].slice(from), ctx, currency).at(-1);
  if (same) return { same, near: [] };
  if (lines[i].trim().length > 30) return { same: null, near: [] };
  // The line below, unless it is another label with its own amount ("Change  23.50").
  const next = amountsIn(lines[i + 1] ?? '', ctx, currency);
  const below = next.length && !/\p{L}/u.test(lines[i + 1].slice(0, next[0].index)) ? next.at(-1) : null;
  const above = bareAmount(lines[i - 1], ctx, currency);
  return { same: null, near: [below, above].filter((a) => a !== undefined && a !== null) };
}

/** What a cash receipt proves the total to be: the cash tendered less the change given. */
function tenderedLessChange(lines: string[], ctx: MoneyContext, currency: string | null): number | null {
  const find = (label: RegExp) => {
    for (const [i, line] of lines.entries()) {
      const m = label.exec(line);
      if (!m) continue;
      const { same, near } = amountOfLabel(lines, i, m.index, ctx, currency);
      const amount = same ?? near[0] ?? null; // the line below first, as columns print
      if (amount) return amount.minor;
    }
    return null;
  };
  const tendered = find(/^(?:cash(?:\s+(?:tendered|received|paid))?|tendered|paid(?:\s+amount)?|payment)\b/i);
  const change = find(/^change(?:\s+due)?\b/i);
  return tendered !== null && change !== null && tendered >= change ? tendered - change : null;
}

function labelledAmount(
  lines: string[],
  labels: RegExp[],
  not: RegExp,
  ctx: MoneyContext,
  currency: string | null,
  skipZero: boolean,
): TotalFound | null {
  let fallback: TotalFound | null = null;
  const paid = tenderedLessChange(lines, ctx, currency);
  for (const [rank, label] of labels.entries()) {
    const near: Array<{ line: number; amounts: Array<{ minor: number; currency: string | null }> }> = [];
    // The last matching line: summaries come after the item table that may reuse the words.
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = label.exec(lines[i]);
      if (!m || not.test(lines[i])) continue;
      const { same, near: around } = amountOfLabel(lines, i, m.index, ctx, currency);
      if (same && near.length === 0) {
        const found = {
          minor: same.minor,
          currency: same.currency,
          line: i,
          rank,
          near: false,
          checked: same.minor === paid,
        };
        if (skipZero && same.minor === 0) {
          fallback ??= found;
          continue;
        }
        return found;
      }
      const amounts = around.filter((a) => !(skipZero && a.minor === 0));
      if (amounts.length) near.push({ line: i, amounts });
    }
    if (near.length) return nearestTotal(near, rank, paid);
  }
  // No total label could be read ("T L  94.00"), but cash less change says what was paid.
  if (!fallback && paid !== null && paid > 0)
    return { minor: paid, currency: null, line: -1, rank: labels.length, near: true, checked: false };
  return fallback;
}

/**
 * Labels whose amounts stand on neighbouring lines: the amount cash tendered less change proves,
 * else the one most labels of this rank point to, else the first label's line below.
 */
function nearestTotal(
  near: Array<{ line: number; amounts: Array<{ minor: number; currency: string | null }> }>,
  rank: number,
  paid: number | null,
): TotalFound {
  const all = near.flatMap((n) => n.amounts.map((a) => ({ ...a, line: n.line })));
  const votes = new Map<number, number>();
  for (const n of near)
    for (const minor of new Set(n.amounts.map((a) => a.minor))) votes.set(minor, (votes.get(minor) ?? 0) + 1);
  const proven = all.find((a) => a.minor === paid);
  const top = Math.max(...votes.values());
  const voted = all.find(
    (a) => votes.get(a.minor) === top && [...votes.values()].filter((v) => v === top).length === 1,
  );
  const pick = proven ?? voted ?? all[0];
  return {
    minor: pick.minor,
    currency: pick.currency,
    line: pick.line,
    rank,
    near: true,
    checked: pick === proven,
  };
}

const TAX_LABEL =
  /\b(?:vat|tax|taxes|gst|hst|pst|qst|jct|sales\s+tax|mwst|ust|umsatzsteuer|mehrwertsteuer|tva|iva|btw|moms|consumption\s+tax)\b/i;
const NOT_TAX =
  /\b(?:(?:vat|tax|gst|ust|tva|iva|btw)[\s-]*(?:id|no|number|nr|reg|registration|identification|exempt)|ust-?idnr|steuernummer|tax\s+id|excl|exkl|incl|inkl|before\s+tax|subtotal|zwischensumme|total\s+(?:\(|incl|due|paid|amount)|grand\s+total|amount\s+(?:due|paid)|tax\s+invoice)\b/i;

function taxAmount(lines: string[], ctx: MoneyContext, currency: string | null): [number, number] | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    const m = TAX_LABEL.exec(line);
    if (!m || NOT_TAX.test(line)) continue;
    if (/\btotal\b/i.test(line) && !/\b(?:total\s+(?:tax|vat)|(?:tax|vat)\s+total)\b/i.test(line)) continue;
    let amounts = amountsIn(line.slice(m.index), ctx, currency);
    if (amounts.length === 0 && line.trim().length <= 30)
      amounts = amountsIn(lines[i + 1] ?? '', ctx, currency);
    const last = amounts.at(-1);
    if (last) return [last.minor, 0.85];
    if (/reverse\s+charge|steuerschuldnerschaft|autoliquidation/i.test(line)) return [0, 0.6];
  }
  return null;
}

function documentCurrency(
  lines: string[],
  ctx: MoneyContext,
  totalCurrency: string | null,
): [string, number] | null {
  for (const line of lines) {
    const m = /\b(?:currency|währung|devise|moneda)\s*[:]?\s*([A-Z]{3})\b/i.exec(line);
    if (m && isCurrencyCode(m[1].toUpperCase())) return [m[1].toUpperCase(), 0.95];
  }
  if (totalCurrency) return [totalCurrency, 0.9];
  const counts = new Map<string, number>();
  for (const line of lines)
    for (const a of amountsIn(line, ctx, null))
      if (a.currency) counts.set(a.currency, (counts.get(a.currency) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (best) return [best[0], 0.75];
  // The currency a money column names: "AMOUNT (RM)", "Betrag (EUR)", "TAX(RM)".
  for (const line of lines) {
    const m =
      /\b(?:amount|amt|tax|price|total|betrag|montant|importe|bedrag|prix|preis)\s*\((RM|[A-Z]{3})\)/i.exec(
        line,
      );
    const code = m ? (m[1].toUpperCase() === 'RM' ? 'MYR' : m[1].toUpperCase()) : null;
    if (code && isCurrencyCode(code)) return [code, 0.8];
  }
  for (const line of lines) {
    const m = /(?<![\p{L}])(USD|EUR|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK|PLN|INR|BRL|MYR|SGD|RM)(?![\p{L}])/u.exec(
      line,
    );
    if (m) return [m[1] === 'RM' ? 'MYR' : m[1], 0.6];
  }
  return null;
}

// ---- line items -------------------------------------------------------------------------------

const HEADER_WORDS =
  /\b(?:description|item|items|product|service|details|qty|quantity|users|seats|licen[cs]es|units?|unit\s+price|price|rate|amount|total|beschreibung|bezeichnung|leistung|menge|anzahl|einzelpreis|betrag|omschrijving|aantal|prijs|bedrag|désignation|quantité|prix|montant|descripción|cantidad|importe)\b/gi;
const END_OF_ITEMS =
  /^(?:(?:sales|consumption|use|value[-\s]added|goods\s+and\s+services)\s+tax|sub-?\s?total|zwischensumme|sous-total|subtotal|subtotaal|totaal|btw|charges(?=\s)|total|tax|vat|gst|mwst|ust|tva|iva|amount\s+(?:due|paid)|balance|summe|gesamt|nettobetrag|net\s+total|grand\s+total|payment|paid)\b/i;

const ITEMS_HEADING =
  /^(?:summary|order summary|invoice summary|items|line items|charges|your order|order details|details|purchase details|zusammenfassung|positionen|récapitulatif|resumen)$/i;
const QTY_MARK = /\s[x×]\s?\d+(?:[.,]\d+)?\b|\bqty:?\s?\d/i;

/** A summary line after the charges: "Subtotal", "Net Charges (excl. VAT)", "Total"… */
const endsItems = (line: string) =>
  END_OF_ITEMS.test(line.trim()) ||
  /^net\s+(?:charges|amount|total)\b|\b(?:excl|exkl|excluding)\.?\s+(?:vat|tax|taxes|mwst|ust|btw)\b/i.test(
    line,
  );

function regionEnd(lines: string[], from: number): number {
  let j = from;
  while (j < lines.length && !endsItems(lines[j])) j++;
  return j;
}

const MONEY_HEADER = /amount|total|price|rate|charges|betrag|preis|montant|prix|importe|bedrag|prijs/;

/** Rows of amounts right above the total: a plain-text receipt's charges ("Dynos   $200.00"). */
function rowsAboveTotal(lines: string[], ctx: MoneyContext): { from: number; to: number } | null {
  // The first summary line with charges right above it ("Payment date" may come before the items).
  for (let end = 0; end < lines.length; end++) {
    if (!END_OF_ITEMS.test(lines[end])) continue;
    let from = end;
    let lastItem = end;
    while (from > 0) {
      const line = lines[from - 1];
      const noAmount = amountsIn(line, ctx, 'USD').length === 0;
      // A rule, or the item's period under it ("Period: 3 April 2026 – 2 April 2027"), sits between.
      if (/^[-=_─—]{3,}$/.test(line) || (noAmount && PERIOD_LINE.test(line) && datesIn(line, 'mdy').length)) {
        from--;
        continue;
      }
      if (noAmount || !/^\D/.test(line) || datesIn(line, 'mdy').length) break;
      from--;
      lastItem = from;
    }
    if (lastItem < end) return { from: lastItem, to: end };
  }
  return null;
}

const PERIOD_LINE =
  /^(?:(?:billing|service|subscription)\s+)?(?:period|term|zeitraum|leistungszeitraum|période)\b/i;

/** Where the charges are: under a table header, under a "Summary" heading, else the "× n" rows. */
function itemsRegion(lines: string[], ctx: MoneyContext): Array<{ from: number; to: number }> {
  for (let i = 0; i < lines.length; i++) {
    const words = new Set((lines[i].match(HEADER_WORDS) ?? []).map(lower));
    const hasMoneyWord = [...words].some((w) => MONEY_HEADER.test(w));
    const hasOther = [...words].some((w) => !MONEY_HEADER.test(w));
    const heading = ITEMS_HEADING.test(lines[i].replace(/:$/, ''));
    if (
      !heading &&
      (words.size < 2 || !hasMoneyWord || !hasOther || amountsIn(lines[i], ctx, 'USD').length > 0)
    )
      continue;
    const to = regionEnd(lines, i + 1);
    if (to > i + 1) return [{ from: i + 1, to }];
  }
  const rows = lines.flatMap((line, i) =>
    QTY_MARK.test(line) && !END_OF_ITEMS.test(line)
      ? [{ from: i, to: Math.min(i + 2, regionEnd(lines, i + 1)) }]
      : [],
  );
  if (rows.length) return rows;
  const above = rowsAboveTotal(lines, ctx);
  return above ? [above] : [];
}

/** One row of the charges table: description, then quantity, unit price and amount columns. */
function itemOf(line: string, ctx: MoneyContext, currency: string | null): InvoiceLineItem | null {
  const amounts = amountsIn(line, ctx, currency);
  if (amounts.length === 0) return null;
  const amount = amounts.at(-1)!;
  const head = line.slice(0, amounts[0].index);
  const unit = amounts.length >= 2 ? amounts.at(-2)! : null;
  // A quantity: a bare number column right before the money columns, or "× 3" / "Qty 3".
  const qtyMatch =
    /(?:^|\s{2,}|\s[x×]\s?|qty:?\s?|quantity:?\s?)(\d+(?:[.,]\d+)?)\s*(?:[x×]|users?|seats?|licen[cs]es?)?\s*$/i.exec(
      head,
    ) ?? /(?:[x×]\s?|qty:?\s?)(\d+)\b/i.exec(line.slice(0, amount.index));
  const quantity = qtyMatch ? Number(qtyMatch[1].replace(',', '.')) : null;
  const description = (qtyMatch ? head.slice(0, qtyMatch.index) : head)
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s×x:-]+$/i, '')
    .trim();
  // Tax and total rows sit in the same table as the items on many invoices: they are not items.
  if (!description || /^(?:qty|quantity)\b/i.test(description) || END_OF_ITEMS.test(description)) return null;
  return {
    description: description.slice(0, 500),
    quantity,
    unitAmountMinor:
      unit && unit !== amount
        ? unit.minor
        : quantity && quantity > 0 && Number.isInteger(amount.minor / quantity)
          ? amount.minor / quantity
          : null,
    amountMinor: amount.minor,
  };
}

function lineItems(
  lines: string[],
  ctx: MoneyContext,
  currency: string | null,
): { items: InvoiceLineItem[]; lines: string[] } {
  const items: InvoiceLineItem[] = [];
  const used: string[] = [];
  const done = new Set<number>();
  for (const region of itemsRegion(lines, ctx)) {
    for (let i = region.from; i < region.to && items.length < 200; i++) {
      if (done.has(i)) continue;
      let line = lines[i];
      // A description on its own line, its amounts on the next (under a date range, say).
      if (amountsIn(line, ctx, currency).length === 0 && i + 1 < region.to) {
        const next = lines[i + 1];
        const found = amountsIn(next, ctx, currency);
        if (found.length === 0 || END_OF_ITEMS.test(next)) continue;
        line = `${line}  ${next}`;
        done.add(i + 1);
      }
      done.add(i);
      const item = itemOf(line, ctx, currency);
      if (item) {
        items.push(item);
        used.push(line);
      }
    }
  }
  return { items, lines: used };
}

// ---- plan, account, card ----------------------------------------------------------------------

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Tier names SaaS vendors use, compound ones first ("Business Standard" before "Business"). */
const TIERS = [
  ...['Business Starter', 'Business Standard', 'Business Plus', 'Business Premium', 'Business Basic'],
  ...['Enterprise Plus', 'Pro Plus', 'Team Plus', 'Business+', 'Pro+', 'Plus'],
  ...['Professional', 'Enterprise', 'Essentials', 'Essential', 'Business', 'Standard', 'Premium'],
  ...['Starter', 'Advanced', 'Growth', 'Ultimate', 'Basic', 'Teams', 'Team', 'Scale', 'Elite', 'Pro', 'CMS'],
];
const TIER = new RegExp(`(?<![\\p{L}\\d])(${TIERS.map(escape).join('|')})(?![\\p{L}\\d+]|-[\\p{L}\\d])`, 'u');

function planName(lines: string[], itemLines: string[], app: CatalogApp | null): [string, number] | null {
  const plans = [...new Set((app?.prices ?? []).map((p) => p.plan))].sort((a, b) => b.length - a.length);
  const planLines = lines.filter((l) => /\b(?:plan|tier|edition|subscription|abonnement|tarif)\b/i.test(l));
  for (const scope of [itemLines, planLines, lines]) {
    // One of the application's catalogue plans as printed ("Suite Professional"), else a vendor's
    // tier word ("Sales Hub Professional" → Professional).
    for (const line of scope) {
      for (const plan of plans) {
        const m = new RegExp(`(?<![\\p{L}\\d])${escape(plan)}(?![\\p{L}\\d+])`, 'iu').exec(line);
        if (m) return [plan, scope === lines ? 0.7 : 0.9];
      }
    }
    if (scope !== lines) {
      for (const line of scope) {
        const m = TIER.exec(line.split(/\s{2,}/).find((cell) => TIER.test(cell)) ?? '');
        if (m) return [m[1], 0.75];
      }
    }
  }
  return null;
}

const ACCOUNT_WORDS = String.raw`(?:(?:[\p{L}\d]+\s)?(?:billing\s+account|workspace|site|organi[sz]ation|tenant|tailnet|team|company|account|project|domain|domainname|subscription\s+id)(?:\s+(?:name|id|number|no\.?|url))?)`;
const CUSTOMER_WORDS = String.raw`(?:billed\s+to|customer|kunde|enterprise\s+id|customer\s+(?:id|number|no\.?|name)|client\s+(?:id|number)|kundennummer|kunden-?nr\.?|klant-?id|klantnummer|numéro\s+client|n°\s+client)`;
/** A label and its value in a column ("Workspace  acme") or after a colon ("Team: acme"). */
const labelled = (words: string) =>
  new RegExp(String.raw`(?:^|\s{2,}|·\s)${words}(?:\s*[:#]\s*|\s{2,})(\S.*?)(?=\s{2,}|\s·\s|\.\s|$)`, 'iu');
const ACCOUNT_LABELS = [labelled(ACCOUNT_WORDS), labelled(CUSTOMER_WORDS)];
/** In a sentence: "your invoice for workspace x9k2m1", "for team Acme Robotics." */
const ACCOUNT_SENTENCE =
  /\bfor\s+(?:your\s+)?(?:[\p{L}\d]+\s)?(?:billing\s+account|account\s+number|account|workspace|team|organi[sz]ation|site)\s+(?!is\b|has\b)("?[\p{L}\d][^\s"]*(?:\s[A-Z\d][^\s".,]*){0,3})"?/u;
const NOT_ACCOUNT = /@|^(?:manager|holder|details|settings|overview|summary|number|id|name)$|^iban\b/i;

const TENANT_HOST =
  /\b[a-z0-9][a-z0-9-]*\.(?:atlassian\.net|slack\.com|zendesk\.com|myshopify\.com|onmicrosoft\.com|freshdesk\.com|monday\.com|notion\.site|webflow\.io|hubspot\.com|salesforce\.com|my\.salesforce\.com|github\.com|gitlab\.com|sentry\.io|pagerduty\.com|okta\.com|auth0\.com|intercom\.io|box\.com|zoom\.us|app\.box\.com)\b/i;

function accountValue(raw: string): string | null {
  let value = raw
    .replace(/^["“]|["”]$/g, '')
    .replace(/[,;:]$/, '')
    .trim();
  if (!/\b(?:inc|ltd|corp|co|llc|plc)\.$|\b\p{Lu}\.\p{Lu}\.$/iu.test(value)) value = value.replace(/\.$/, '');
  // "Acme Production (AC5f0e…)": the id in brackets is the account.
  const id = /\(([A-Za-z0-9_-]{8,})\)$/.exec(value);
  if (id && /\d/.test(id[1])) value = id[1];
  value = value.replace(/\s*\((?:organization|organisation|team|workspace)\)$/i, '');
  return value && !NOT_ACCOUNT.test(value) && value.length <= 120 ? value : null;
}

const HOST = /(?<![@\w.-])((?:[a-z0-9-]+\.)+[a-z]{2,})(?![\w@-])/i;

function account(lines: string[], itemLines: string[], vendorDomain: string | null): [string, number] | null {
  for (const label of ACCOUNT_LABELS) {
    for (const line of lines) {
      const m = label.exec(line);
      const value = m ? accountValue(m[1]) : null;
      if (value) return [value, 0.8];
    }
  }
  for (const line of lines) {
    const host = TENANT_HOST.exec(line);
    if (host) return [host[0].toLowerCase(), 0.75];
  }
  // A site billed on the line item: "Pro site plan (yearly) - acme-robotics.com".
  for (const line of itemLines) {
    const host = HOST.exec(line)?.[1]?.toLowerCase();
    if (host && !/^\d/.test(host) && (!vendorDomain || !host.endsWith(vendorDomain))) return [host, 0.6];
  }
  for (const line of lines) {
    const m = ACCOUNT_SENTENCE.exec(line);
    const value = m ? accountValue(m[1]) : null;
    if (value) return [value, 0.6];
  }
  return null;
}

const BRAND = String.raw`\b(?:visa|mastercard|master\s*card|amex|american\s+express|discover|diners|jcb|maestro|card|karte|carte|tarjeta|kaart)\b`;
const CARD = [
  new RegExp(
    String.raw`${BRAND}[^\n\d]{0,30}?(?:ending(?:\s+in|\s+with)?|endet\s+(?:auf|mit)|endend\s+auf|eindigend\s+op|se\s+terminant\s+par|terminada\s+en|[*•·x.…]{2,}|-)\s*(\d{4})\b`,
    'i',
  ),
  // "Visa (4•••1111)", "Mastercard 5•• •••• 1234"
  new RegExp(String.raw`${BRAND}[^\n]{0,30}?[*•·x…]{2,}\s?(\d{4})\b`, 'i'),
  /(?:^|\s)[*•·x]{4}\s?(\d{4})\b/i,
  /\blast\s*(?:4|four)(?:\s+digits)?\s*:?\s*(\d{4})\b/i,
];

function cardLast4(lines: string[]): [string, number] | null {
  for (const pattern of CARD) {
    for (const line of lines) {
      const digits = pattern.exec(line)?.[1];
      if (digits) return [digits, 0.9];
    }
  }
  return null;
}

// ---- the whole document -----------------------------------------------------------------------

/** Reads every field from the document text; fields not found stay null and have no confidence. */
export function readFields(input: DocumentInput): FieldsRead {
  const lines = input.text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const fields: InvoiceFields = { ...EMPTY_FIELDS, lineItems: [] };
  const confidence: FieldConfidence = {};
  const ctx = moneyContext(input.text);

  const total = labelledAmount(lines, TOTAL_LABELS, NOT_TOTAL, ctx, null, true);
  const currency = documentCurrency(lines, ctx, total?.currency ?? null);
  if (currency) {
    fields.currency = currency[0];
    confidence.currency = currency[1];
  }
  const cur = fields.currency;
  const totalRead = labelledAmount(lines, TOTAL_LABELS, NOT_TOTAL, ctx, cur, true);
  if (totalRead) {
    fields.totalMinor = totalRead.minor;
    // A bare "Total" heading its line is as telling as "Amount due"; one inside a sentence is not.
    // An amount found beside its label rather than on its line is a guess unless cash proves it.
    const plain = totalRead.rank >= 3;
    const byLabel = !plain
      ? 0.9
      : /^(?:total|totaal|summe|amount)\b/i.test(lines[totalRead.line])
        ? 0.85
        : 0.7;
    // Cash tendered less change giving the same amount is a second, independent witness.
    if (totalRead.checked) confidence.totalMinor = Math.max(byLabel, 0.85);
    else confidence.totalMinor = totalRead.near ? 0.7 : byLabel;
  }
  const tax = taxAmount(lines, ctx, cur);
  if (tax) {
    fields.taxMinor = tax[0];
    confidence.taxMinor = tax[1];
  }
  const items = lineItems(lines, ctx, cur);
  fields.lineItems = items.items;
  if (items.items.length) confidence.lineItems = 0.7;

  const { order, proven } = dateOrderOf(input.text, cur);
  const issued = issueDate(lines, order, proven);
  if (issued) {
    fields.issueDate = issued[0];
    confidence.issueDate = issued[1];
  } else if (input.sentAt) {
    fields.issueDate = input.sentAt.toISOString().slice(0, 10);
    confidence.issueDate = 0.4;
  }
  const range = period(lines, order);
  if (range) {
    fields.periodStart = range[0].start;
    fields.periodEnd = range[0].end;
    confidence.periodStart = confidence.periodEnd = range[1];
  }
  const number = invoiceNumber(lines, input.subject);
  if (number) {
    fields.invoiceNumber = number[0];
    confidence.invoiceNumber = number[1];
  }
  const vendor = recogniseVendor({
    senders: input.senders,
    senderNames: input.senderNames,
    subject: input.subject,
    lines,
    itemLines: items.lines,
  });
  if (vendor) {
    fields.vendorName = vendor.name;
    fields.vendorDomain = vendor.domain;
    fields.catalogSlug = vendor.app?.slug ?? null;
    confidence.vendorName = vendor.confidence;
  }
  const plan = planName(lines, items.lines, vendor?.app ?? null);
  if (plan) {
    fields.planName = plan[0];
    confidence.planName = plan[1];
  }
  const acct = account(lines, items.lines, vendor?.domain ?? null);
  if (acct) {
    fields.account = acct[0].slice(0, 200);
    confidence.account = acct[1];
  }
  const card = cardLast4(lines);
  if (card) {
    fields.cardLast4 = card[0];
    confidence.cardLast4 = card[1];
  }
  return { fields, confidence, app: vendor?.app ?? null };
}
