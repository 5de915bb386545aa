// Cell text → typed values for imports, accepting the spellings spreadsheets and other tools use.
import type { BillingCycle, PricingModel } from '../../../common/billing';
import type { SubscriptionStatus } from '../../../common/contracts/subscriptions';
import { parseLooseDate, type DateOrder } from '../../../common/tabular/dates';
import { CURRENCY_CODES } from '../../../common/money';
import { currencyIn } from '../../../common/tabular/money';

export type { DateOrder };
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

const key = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

const FIXED_CYCLES: Record<string, BillingCycle> = {
  weekly: 'weekly',
  week: 'weekly',
  wk: 'weekly',
  'per week': 'weekly',
  'every week': 'weekly',
  monthly: 'monthly',
  month: 'monthly',
  mo: 'monthly',
  m: 'monthly',
  'per month': 'monthly',
  'every month': 'monthly',
  mtm: 'monthly',
  'month to month': 'monthly',
  quarterly: 'quarterly',
  quarter: 'quarterly',
  q: 'quarterly',
  'per quarter': 'quarterly',
  'every quarter': 'quarterly',
  'semi annual': 'semi-annual',
  'semi-annual': 'semi-annual',
  semiannual: 'semi-annual',
  'semi annually': 'semi-annual',
  'half yearly': 'semi-annual',
  'half-yearly': 'semi-annual',
  biannual: 'semi-annual',
  biannually: 'semi-annual',
  annual: 'annual',
  annually: 'annual',
  yearly: 'annual',
  year: 'annual',
  yr: 'annual',
  y: 'annual',
  'per year': 'annual',
  'every year': 'annual',
  'per annum': 'annual',
  pa: 'annual',
  'p.a.': 'annual',
  'multi year': 'multi-year',
  'multi-year': 'multi-year',
  multiyear: 'multi-year',
  biennial: 'multi-year',
  biennially: 'multi-year',
  triennial: 'multi-year',
  triennially: 'multi-year',
};
const MULTI_YEAR_WORDS: Record<string, number> = {
  biennial: 24,
  biennially: 24,
  triennial: 36,
  triennially: 36,
};

export function parseCycle(
  text: string,
): Parsed<{ billingCycle: BillingCycle; intervalMonths: number | null }> {
  const k = key(text);
  const fixed = FIXED_CYCLES[k];
  if (fixed && fixed !== 'multi-year') return ok({ billingCycle: fixed, intervalMonths: null });
  if (fixed === 'multi-year') {
    const months = MULTI_YEAR_WORDS[k];
    return months
      ? ok({ billingCycle: 'multi-year', intervalMonths: months })
      : fail('Give the term, e.g. "3 years"');
  }
  const m = /^(?:every\s+)?(\d+)[\s-]*(week|wk|month|mo|year|yr)s?(?:ly)?$/.exec(k);
  if (m) {
    const n = Number(m[1]);
    const unit = m[2];
    const months = unit.startsWith('w') ? null : unit.startsWith('y') ? n * 12 : n;
    if (months === null && n === 1) return ok({ billingCycle: 'weekly', intervalMonths: null });
    const byMonths: Record<number, BillingCycle> = {
      1: 'monthly',
      3: 'quarterly',
      6: 'semi-annual',
      12: 'annual',
    };
    if (months !== null && byMonths[months])
      return ok({ billingCycle: byMonths[months], intervalMonths: null });
    if (months !== null && months >= 24 && months % 12 === 0)
      return ok({ billingCycle: 'multi-year', intervalMonths: months });
  }
  return fail(
    `Unsupported billing cycle "${text.trim()}": use weekly, monthly, quarterly, semi-annual, annual or N years`,
  );
}

const STATUSES: Record<string, SubscriptionStatus> = {
  active: 'active',
  enabled: 'active',
  live: 'active',
  'in use': 'active',
  yes: 'active',
  y: 'active',
  true: 'active',
  current: 'active',
  renewing: 'active',
  trial: 'trial',
  trialing: 'trial',
  trialling: 'trial',
  'free trial': 'trial',
  evaluation: 'trial',
  evaluating: 'trial',
  poc: 'trial',
  pilot: 'trial',
  paused: 'paused',
  suspended: 'paused',
  'on hold': 'paused',
  inactive: 'paused',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  cancel: 'cancelled',
  ended: 'cancelled',
  terminated: 'cancelled',
  churned: 'cancelled',
  disabled: 'cancelled',
  expired: 'cancelled',
  no: 'cancelled',
  n: 'cancelled',
  false: 'cancelled',
};

export function parseStatus(text: string): Parsed<SubscriptionStatus> {
  const status = STATUSES[key(text)];
  return status
    ? ok(status)
    : fail(`Unknown status "${text.trim()}": use active, trial, paused or cancelled`);
}

const BOOLEANS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  on: true,
  auto: true,
  automatic: true,
  'auto renew': true,
  'auto-renew': true,
  enabled: true,
  x: true,
  no: false,
  n: false,
  false: false,
  '0': false,
  off: false,
  manual: false,
  'manual renewal': false,
  disabled: false,
  none: false,
};

export function parseBoolean(text: string): Parsed<boolean> {
  const value = BOOLEANS[key(text)];
  return value === undefined ? fail(`Use yes or no, not "${text.trim()}"`) : ok(value);
}

const PRICING: Record<string, PricingModel> = {
  flat: 'flat',
  fixed: 'flat',
  'flat fee': 'flat',
  'flat rate': 'flat',
  subscription: 'flat',
  'per seat': 'per-seat',
  'per-seat': 'per-seat',
  seat: 'per-seat',
  seats: 'per-seat',
  'per user': 'per-seat',
  user: 'per-seat',
  'per license': 'per-seat',
  'per licence': 'per-seat',
  license: 'per-seat',
  usage: 'usage',
  'usage based': 'usage',
  'usage-based': 'usage',
  metered: 'usage',
  consumption: 'usage',
  'pay as you go': 'usage',
  payg: 'usage',
};

export function parsePricingModel(text: string): Parsed<PricingModel> {
  const value = PRICING[key(text)];
  return value ? ok(value) : fail(`Unknown pricing model "${text.trim()}": use flat, per seat or usage`);
}

export function parseWholeNumber(text: string, label: string): Parsed<number> {
  const cleaned = text.trim().replace(/[\s,'’]/g, '');
  if (!/^\d+(?:\.0+)?$/.test(cleaned)) return fail(`${label} must be a whole number, not "${text.trim()}"`);
  const value = Number.parseInt(cleaned, 10);
  return value > 10_000_000 ? fail(`${label} is too large`) : ok(value);
}

/** "30", "30 days", "2 weeks", "1 month" (30 days), "3 months" → days. */
export function parseNoticeDays(text: string): Parsed<number> {
  const m = /^(\d+)\s*(d|day|days|w|week|weeks|m|mo|month|months)?$/.exec(key(text));
  if (!m) return fail(`Notice period must be a number of days, not "${text.trim()}"`);
  const n = Number(m[1]);
  const unit = m[2] ?? 'd';
  const days = unit.startsWith('w') ? n * 7 : unit.startsWith('m') ? n * 30 : n;
  return days > 3650 ? fail('Notice period is too long (at most 3650 days)') : ok(days);
}

export function parseCurrency(text: string, dollarDefault: string): Parsed<string> {
  const found = currencyIn(text.trim(), dollarDefault);
  return found
    ? ok(found)
    : fail(
        `Unknown currency "${text.trim()}": use an ISO code such as ${CURRENCY_CODES.slice(0, 3).join(', ')}`,
      );
}

/** A calendar date in any shape common/tabular/dates reads; slashed dates in the file's `order`. */
export function parseDate(text: string, order: DateOrder): Parsed<string> {
  const day = parseLooseDate(text, order);
  return day ? ok(day) : fail(`Not a date: "${text.trim()}" (use YYYY-MM-DD)`);
}

/** A web address; a bare domain gets https://. */
export function parseUrl(text: string): Parsed<string> {
  const t = text.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.'))
      return ok(candidate);
  } catch {
    // fall through
  }
  return fail(`Not a web address: "${t}"`);
}
