// Wallos (github.com/ellite/Wallos, a self-hosted subscription tracker) → import rows. Two shapes:
// its Settings → Export JSON `{ success, subscriptions: [{ Name, "Payment Cycle", "Next Payment",
// Renewal, Category, "Payment Method", "Paid By", Price, Notes, URL, State, Notifications,
// "Cancellation Date", Active }] }`, and raw rows of its `subscriptions` table (name, price,
// next_payment, cycle 1–4 = days/weeks/months/years, frequency, auto_renew, inactive, url, notes…).
import { daysBetween, isValidCalendarDate } from '../../../common/dates';
import { mulDivMinor, toDecimalString, toMinor } from '../../../common/money';
import { currencyIn } from '../../../common/tabular/money';
import type { RawRecord } from './rows';

export class WallosFormatError extends Error {}

type Entry = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The entries of a Wallos export, whichever shape it has. */
export function wallosEntries(data: unknown): Entry[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { subscriptions?: unknown }).subscriptions)
      ? (data as { subscriptions: unknown[] }).subscriptions
      : null;
  if (!list)
    throw new WallosFormatError(
      'This is not a Wallos export: expected { "subscriptions": [...] } or a list of subscriptions.',
    );
  const entries = list.filter((e): e is Entry => Boolean(e) && typeof e === 'object' && !Array.isArray(e));
  if (entries.length !== list.length || entries.some((e) => !('Name' in e) && !('name' in e))) {
    throw new WallosFormatError('This is not a Wallos export: every subscription needs a Name.');
  }
  return entries;
}

const UNIT_DAYS = { day: 1, week: 7 } as const;

interface WallosCycle {
  unit: 'day' | 'week' | 'month' | 'year';
  every: number;
}

/** "Monthly", "Every 3 Months", "Every 2 Weeks", "Yearly", "Daily"… */
function parseWallosCycle(text: string): WallosCycle | null {
  const t = text.toLowerCase().trim();
  const single: Record<string, WallosCycle['unit']> = {
    daily: 'day',
    weekly: 'week',
    monthly: 'month',
    yearly: 'year',
    annually: 'year',
  };
  if (single[t]) return { unit: single[t], every: 1 };
  const m = /^every\s+(\d+)\s+(day|week|month|year)s?$/.exec(t);
  return m ? { unit: m[2] as WallosCycle['unit'], every: Math.max(1, Number(m[1])) } : null;
}

/**
 * A Wallos cycle our cycles can hold as it is (monthly, every 3 months, every 2 years…) keeps its
 * price; any other (daily, every 2 weeks, every 2 months…) becomes the nearest cycle with the price
 * scaled so the yearly cost is unchanged, and a note says what it was.
 */
function convertCycle(cycle: WallosCycle, priceMinor: number, currency: string, original: string) {
  const { unit, every } = cycle;
  const months = unit === 'month' ? every : unit === 'year' ? every * 12 : null;
  if (unit === 'week' && every === 1) return { cycle: 'weekly', priceMinor, note: null };
  if (months !== null && ([1, 3, 6, 12].includes(months) || (months >= 24 && months % 12 === 0))) {
    return { cycle: `${months} months`, priceMinor, note: null };
  }
  const shown = `${toDecimalString(priceMinor, currency)} ${currency}`;
  const note = `Wallos billed ${shown} ${original.toLowerCase()}; stored as an equivalent cost.`;
  if (months !== null) return { cycle: 'monthly', priceMinor: mulDivMinor(priceMinor, 1, months), note };
  const days = UNIT_DAYS[unit as 'day' | 'week'] * every;
  if (days % 7 === 0) return { cycle: 'weekly', priceMinor: mulDivMinor(priceMinor, 7, days), note };
  return { cycle: 'monthly', priceMinor: mulDivMinor(priceMinor, 365, days * 12), note };
}

const RAW_CYCLE_UNITS: Record<string, WallosCycle['unit']> = {
  '1': 'day',
  '2': 'week',
  '3': 'month',
  '4': 'year',
};

/** One Wallos entry as an import row (cells as text, like a CSV row). */
export function wallosRecord(entry: Entry, dollarCurrency: string, orgCurrency: string): RawRecord {
  const exportShape = 'Name' in entry;
  const get = (exportKey: string, rawKey: string) => str(exportShape ? entry[exportKey] : entry[rawKey]);
  const notes: string[] = [];
  const record: RawRecord = { name: get('Name', 'name') };

  const priceText = exportShape ? str(entry.Price) : str(entry.price);
  const currency =
    currencyIn(`${priceText} ${str(entry.currency_code ?? entry.currency)}`, dollarCurrency) ?? orgCurrency;
  let cycleText = exportShape ? str(entry['Payment Cycle']) : '';
  if (!exportShape) {
    const unit = RAW_CYCLE_UNITS[str(entry.cycle)] ?? 'month';
    const every = Number(str(entry.frequency) || '1');
    cycleText =
      every > 1
        ? `Every ${every} ${unit}s`
        : { day: 'Daily', week: 'Weekly', month: 'Monthly', year: 'Yearly' }[unit];
  }
  record.currency = currency;
  record.billingCycle = cycleText;
  let priceMinor: number | null = null;
  try {
    priceMinor = priceText ? toMinor(priceText, currency) : null;
  } catch {
    record.amount = priceText; // the row check reports it
  }
  const cycle = parseWallosCycle(cycleText || 'Monthly');
  if (priceMinor !== null && cycle) {
    const converted = convertCycle(cycle, priceMinor, currency, cycleText || 'Monthly');
    record.billingCycle = converted.cycle;
    record.amount = toDecimalString(converted.priceMinor, currency);
    if (converted.note) notes.push(converted.note);
  } else if (priceMinor !== null) {
    record.amount = toDecimalString(priceMinor, currency);
  }

  const next = get('Next Payment', 'next_payment');
  if (next) record.nextRenewalDate = next;
  const renewal = exportShape ? str(entry.Renewal) : str(entry.auto_renew);
  if (renewal) record.autoRenew = renewal === '0' ? 'no' : renewal === '1' ? 'yes' : renewal;
  const category = exportShape ? str(entry.Category) : '';
  if (category && category.toLowerCase() !== 'no category') record.category = category;
  const payment = exportShape ? str(entry['Payment Method']) : '';
  if (payment) record.paymentMethod = payment;
  const url = get('URL', 'url');
  if (url) record.url = url;

  const inactive = exportShape
    ? str(entry.State).toLowerCase() === 'disabled' || str(entry.Active).toLowerCase() === 'no'
    : ['1', 'true'].includes(str(entry.inactive).toLowerCase());
  record.status = inactive ? 'cancelled' : 'active';

  // Wallos's cancellation date is the last day to cancel: our notice period before the renewal.
  const cancelBy = get('Cancellation Date', 'cancellation_date');
  if (cancelBy && next && isValidCalendarDate(cancelBy) && isValidCalendarDate(next) && cancelBy <= next) {
    record.noticePeriodDays = String(daysBetween(cancelBy, next));
  } else if (cancelBy) {
    notes.push(`Cancellation date in Wallos: ${cancelBy}.`);
  }
  const paidBy = exportShape ? str(entry['Paid By']) : '';
  if (paidBy) notes.push(`Paid by ${paidBy} (Wallos).`);
  const ownNotes = get('Notes', 'notes');
  record.notes = [ownNotes, ...notes].filter(Boolean).join('\n') || undefined;
  return record;
}
