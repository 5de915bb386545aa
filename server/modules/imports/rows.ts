// One import row (field → cell text) → an application to store, or the reasons it cannot be.
import { pricingRuleIssues, type SubscriptionStatus } from '../../../common/contracts/subscriptions';
import type { ImportField } from '../../../common/contracts/imports';
import { rowError, type ImportRowError } from '../../../common/contracts/import-rows';
import { toMinor } from '../../../common/money';
import { slashedParts } from '../../../common/tabular/dates';
import { currencyIn } from '../../../common/tabular/money';
import { type CatalogApp, matchCatalogByName } from '../catalog';
import type { PriceFields } from '../subscriptions';
import {
  parseBoolean,
  parseCurrency,
  parseCycle,
  parseDate,
  parseNoticeDays,
  parsePricingModel,
  parseStatus,
  parseUrl,
  parseWholeNumber,
  type DateOrder,
  type Parsed,
} from './parse-values';

export type RawRecord = Partial<Record<ImportField, string>>;

/** One row's application: its price terms, then everything else the file can say. */
export interface ImportCandidate extends PriceFields {
  row: number;
  name: string;
  vendor: string | null;
  vendorDomain: string | null;
  catalogSlug: string | null;
  category: string | null;
  tags: string[];
  paymentMethod: string | null;
  ownerUserId: string | null;
  ownerEmail: string | null;
  department: string | null;
  startDate: string | null;
  /** The commitment in months (the demo sets it; files do not map it yet). */
  contractTermMonths?: number | null;
  nextRenewalDate: string | null;
  autoRenew: boolean;
  noticePeriodDays: number;
  status: SubscriptionStatus;
  url: string | null;
  description: string | null;
  notes: string | null;
  /** Entity and brand names (CSV), matched when the import is committed. */
  entity?: string | null;
  brand?: string | null;
}

export interface RowContext {
  orgCurrency: string;
  /** What a bare "$" means: the organization's currency when it is a dollar, else USD. */
  dollarCurrency: string;
  dateOrder: DateOrder;
  /** Members by lower-cased e-mail → user id. */
  members: Map<string, string>;
  /** Memo of catalogue matches by name (many rows share names). */
  catalogCache: Map<string, CatalogApp | null>;
}

const LIMITS: Partial<Record<ImportField, number>> = {
  name: 200,
  vendor: 200,
  department: 100,
  category: 80,
  paymentMethod: 80,
  description: 2000,
  notes: 10_000,
  url: 2000,
};

export interface ValidatedRow {
  row: number;
  /** The row's line in the file (header = 1), or its entry number in a JSON export. */
  line: number;
  raw: RawRecord;
  candidate: ImportCandidate | null;
  errors: ImportRowError[];
}

/** Picks the day/month order of a file from its slashed dates (a first part > 12 means day first). */
export function detectDateOrder(records: RawRecord[], fallback: DateOrder): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const record of records) {
    for (const cell of [record.nextRenewalDate, record.startDate]) {
      const parts = cell ? slashedParts(cell) : null;
      if (!parts) continue;
      if (parts[0] > 12) dayFirst = true;
      if (parts[1] > 12) monthFirst = true;
    }
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'dmy' : 'mdy';
  return fallback;
}

function matchCatalog(name: string, ctx: RowContext): CatalogApp | null {
  const key = name.toLowerCase();
  if (!ctx.catalogCache.has(key)) ctx.catalogCache.set(key, matchCatalogByName(name));
  return ctx.catalogCache.get(key) ?? null;
}

/** One row's cells and the errors found in them so far. */
interface RowCheck {
  raw: RawRecord;
  line: number;
  errors: ImportRowError[];
}

// Plain functions over a RowCheck rather than closures per row: a 10,000-row preview calls them
// ~200,000 times.
function fail(check: RowCheck, field: string, message: string) {
  check.errors.push(rowError(check.line, field, message));
}

const ESCAPED_FORMULA = /^'[=+\-@]/;

function text(check: RowCheck, field: ImportField): string {
  let value = check.raw[field]?.trim() ?? '';
  // Our exports (and spreadsheets) escape formula-like text with a leading apostrophe.
  if (value.charCodeAt(0) === 39 && ESCAPED_FORMULA.test(value)) value = value.slice(1);
  const max = LIMITS[field];
  if (max && value.length > max) fail(check, field, `At most ${max} characters`);
  return value;
}

function parsed<T>(check: RowCheck, field: ImportField, fn: (t: string) => Parsed<T>): T | undefined {
  const value = text(check, field);
  if (!value) return undefined;
  const result = fn(value);
  if (!result.ok) {
    fail(check, field, result.message);
    return undefined;
  }
  return result.value;
}

function money(check: RowCheck, field: ImportField, value: string, currency: string): number | undefined {
  if (!value) return undefined;
  try {
    const minor = toMinor(value, currency);
    if (minor < 0) fail(check, field, 'Cannot be negative');
    else if (minor > 1_000_000_000_000) fail(check, field, 'Too large');
    else return minor;
  } catch {
    fail(check, field, `Not an amount: "${value}"`);
  }
  return undefined;
}

export function validateRow(row: number, line: number, raw: RawRecord, ctx: RowContext): ValidatedRow {
  const check: RowCheck = { raw, line, errors: [] };
  const { errors } = check;

  const name = text(check, 'name');
  if (!name) fail(check, 'name', 'Name is required');
  const app = name ? matchCatalog(name, ctx) : null;
  const amountText = text(check, 'amount');
  const unitText = text(check, 'unitPrice');
  const currency =
    parsed(check, 'currency', (t) => parseCurrency(t, ctx.dollarCurrency)) ??
    currencyIn(`${amountText} ${unitText}`, ctx.dollarCurrency) ??
    ctx.orgCurrency;
  const amountMinor = money(check, 'amount', amountText, currency);
  const unitPriceMinor = money(check, 'unitPrice', unitText, currency);
  const cycle = parsed(check, 'billingCycle', parseCycle) ?? {
    billingCycle: 'monthly' as const,
    intervalMonths: null,
  };
  const seats = parsed(check, 'seats', (t) => parseWholeNumber(t, 'Seats'));
  const pricingModel =
    parsed(check, 'pricingModel', parsePricingModel) ?? (unitPriceMinor !== undefined ? 'per-seat' : 'flat');
  for (const issue of pricingRuleIssues({
    pricingModel,
    ...cycle,
    seats: seats ?? null,
    unitPriceMinor: unitPriceMinor ?? null,
  })) {
    fail(
      check,
      issue.field === 'unitPriceMinor'
        ? 'unitPrice'
        : issue.field === 'intervalMonths'
          ? 'billingCycle'
          : issue.field,
      issue.message,
    );
  }
  const nextRenewalDate = parsed(check, 'nextRenewalDate', (t) => parseDate(t, ctx.dateOrder)) ?? null;
  const startDate = parsed(check, 'startDate', (t) => parseDate(t, ctx.dateOrder)) ?? null;
  const ownerEmail = text(check, 'ownerEmail').toLowerCase() || null;
  const ownerUserId = ownerEmail ? (ctx.members.get(ownerEmail) ?? null) : null;
  if (ownerEmail && !ownerUserId) {
    fail(
      check,
      'ownerEmail',
      `${ownerEmail} is not a member of this organization (invite them, or unmap the owner column)`,
    );
  }
  const vendor = text(check, 'vendor') || app?.vendor || null;
  const candidate: ImportCandidate = {
    row,
    name,
    vendor,
    vendorDomain: app && vendor === app.vendor ? app.domain : null,
    catalogSlug: app?.slug ?? null,
    category: text(check, 'category') || app?.category || null,
    tags: text(check, 'tags')
      .split(/[,;|]/)
      .map((t) => t.trim().slice(0, 80))
      .filter(Boolean),
    paymentMethod: text(check, 'paymentMethod') || null,
    ownerUserId,
    ownerEmail,
    department: text(check, 'department') || null,
    pricingModel,
    ...cycle,
    amountMinor: pricingModel === 'per-seat' ? (seats ?? 0) * (unitPriceMinor ?? 0) : (amountMinor ?? 0),
    seats: seats ?? null,
    unitPriceMinor: unitPriceMinor ?? null,
    currency,
    startDate,
    nextRenewalDate,
    autoRenew: parsed(check, 'autoRenew', parseBoolean) ?? true,
    noticePeriodDays: parsed(check, 'noticePeriodDays', parseNoticeDays) ?? 0,
    status: parsed(check, 'status', parseStatus) ?? 'active',
    url: parsed(check, 'url', parseUrl) ?? (app ? `https://${app.domain}` : null),
    description: text(check, 'description') || app?.description || null,
    notes: text(check, 'notes') || null,
    entity: text(check, 'entity') || null,
    brand: text(check, 'brand') || null,
  };
  return { row, line, raw, candidate: errors.length === 0 ? candidate : null, errors };
}
