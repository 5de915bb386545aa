// OFX/QFX statements: 1.x SGML (leaf tags left unclosed) and 2.x XML, bank and credit-card
// statements (STMTRS / CCSTMTRS). TRNAMT is signed from the account's side: negative = money out.
import { isValidCalendarDate } from '../../../../common/dates';
import { isCurrencyCode, toMinor } from '../../../../common/money';
import { cleanText } from './text';
import { ResultBuilder, type ParseOptions, type ParseResult } from './types';

const TAG = /<(\/?)([A-Za-z0-9.]+)(?:\s[^>]*)?>([^<]*)/g;

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

/** True when the text looks like OFX (either version) or QFX. */
export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 2000);
  return /OFXHEADER\s*[:=]/i.test(head) || /<OFX>/i.test(head);
}

interface Transaction {
  values: Map<string, string>;
  /** CURSYM inside <CURRENCY> (amount in that currency) or <ORIGCURRENCY> (amount in CURDEF). */
  currency: string | null;
  index: number;
}

function amountOf(text: string, currency: string): number {
  const value = text.trim();
  // Some banks write a decimal comma; OFX never uses thousands separators.
  return toMinor(value, currency, {
    decimalSeparator: value.includes(',') && !value.includes('.') ? ',' : '.',
  });
}

export function parseOfx(text: string, options: ParseOptions): ParseResult {
  const out = new ResultBuilder(options);
  const body = text.slice(Math.max(0, text.search(/<OFX>/i)));
  let statementCurrency = options.defaultCurrency;
  let current: Transaction | null = null;
  let inCurrency: 'CURRENCY' | 'ORIGCURRENCY' | null = null;
  let count = 0;

  const finish = (t: Transaction) => {
    const get = (name: string) => cleanText(decodeEntities(t.values.get(name) ?? ''));
    const posted = get('DTPOSTED') || get('DTUSER');
    if (!posted) {
      out.error(t.index, 'date', `Transaction ${t.index} has no DTPOSTED date`);
      return;
    }
    const date = /^(\d{4})(\d{2})(\d{2})/.exec(posted);
    const iso = date ? `${date[1]}-${date[2]}-${date[3]}` : '';
    if (!isValidCalendarDate(iso)) {
      out.error(t.index, 'date', `Transaction ${t.index} has an invalid date "${posted}"`);
      return;
    }
    const currency = t.currency ?? statementCurrency;
    if (!isCurrencyCode(currency)) {
      out.error(t.index, 'currency', `Transaction ${t.index} is in an unsupported currency "${currency}"`);
      return;
    }
    let amount: number;
    try {
      amount = amountOf(get('TRNAMT'), currency);
    } catch {
      out.error(t.index, 'amount', `Transaction ${t.index} has an invalid amount "${get('TRNAMT')}"`);
      return;
    }
    const memo = get('MEMO');
    const merchant = get('NAME') || memo || get('TRNTYPE');
    out.add({
      line: t.index,
      date: iso,
      amountMinor: -amount,
      currency,
      merchant: merchant.slice(0, 300),
      description: memo && memo !== merchant ? memo.slice(0, 2000) : null,
      externalId: get('FITID').slice(0, 255) || null,
      invoiceNumber: get('CHECKNUM').slice(0, 100) || get('REFNUM').slice(0, 100) || null,
      category: null,
    });
  };

  for (const match of body.matchAll(TAG)) {
    const closing = match[1] === '/';
    const name = match[2].toUpperCase();
    const value = match[3];
    if (name === 'STMTTRN') {
      if (closing) {
        if (current) finish(current);
        current = null;
      } else {
        if (current) finish(current); // an unclosed transaction in sloppy SGML
        count += 1;
        current = { values: new Map(), currency: null, index: count };
      }
      continue;
    }
    if (closing && name === 'BANKTRANLIST') {
      if (current) finish(current);
      current = null;
      continue;
    }
    if (name === 'CURRENCY' || name === 'ORIGCURRENCY') {
      inCurrency = closing ? null : name;
      continue;
    }
    if (closing) continue;
    const text = value.trim();
    if (name === 'CURDEF' && !current) statementCurrency = text.toUpperCase() || options.defaultCurrency;
    else if (name === 'CURSYM' && current && inCurrency) {
      current.currency = inCurrency === 'CURRENCY' ? text.toUpperCase() : statementCurrency;
    } else if (current && text !== '' && !current.values.has(name)) current.values.set(name, text);
  }
  if (current) finish(current);
  return out.result();
}
