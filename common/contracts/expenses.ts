// Expenses: what was actually paid. Request bodies, queries and response shapes shared by the
// server routes and the client. Money is integer minor units; dates are 'YYYY-MM-DD'.
import { z } from 'zod';
import { existingRowFields, importDecisions, importOutcomeCounts } from './import-existing';
import { importRowError } from './import-rows';
import { BILLING_CYCLES } from '../billing';
import { allocationFilterQuery } from './entities';
import { currencyCode } from './organizations';
import { calendarDate, instant, type Wire } from './wire';

export const EXPENSE_SOURCES = [
  'manual',
  'csv',
  'ofx',
  'qif',
  'invoice',
  'api',
  'quickbooks',
  'xero',
] as const;
export type ExpenseSource = (typeof EXPENSE_SOURCES)[number];
export const MATCH_STATUSES = ['matched', 'unmatched', 'ignored'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
/** How a match was made: catalogue alias, the application's own name, a rule, a person, discovery. */
export const MATCH_METHODS = ['catalog', 'application', 'rule', 'manual', 'discovery'] as const;
export type MatchMethod = (typeof MATCH_METHODS)[number];
export const RULE_MATCH_TYPES = ['exact', 'contains'] as const;
export type RuleMatchType = (typeof RULE_MATCH_TYPES)[number];
export const IMPORT_FORMATS = ['csv', 'ofx', 'qif'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_BATCH_STATUSES = ['uploaded', 'committed', 'failed'] as const;
export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUSES)[number];
/** Field order of a date column; any of / . - separates the parts. */
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** Which sign a signed amount column gives money going out. */
export const SIGN_CONVENTIONS = ['negative-is-expense', 'positive-is-expense'] as const;
export type SignConvention = (typeof SIGN_CONVENTIONS)[number];

/** Upper bound for one expense: 10 billion in major units. */
export const MAX_EXPENSE_MINOR = 1_000_000_000_000;
/** Largest statement or document accepted. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const column = z.number().int().min(0).max(499).nullable().optional();

/** How CSV columns (0-based indexes) become expenses; detected on upload, editable in the wizard. */
export const columnMapping = z
  .object({
    date: z.number().int().min(0).max(499),
    merchant: z.number().int().min(0).max(499),
    /** A signed amount column… */
    amount: column,
    /** …or separate money-out / money-in columns. */
    debit: column,
    credit: column,
    currency: column,
    description: column,
    invoiceNumber: column,
    category: column,
    dateFormat: z.enum(DATE_FORMATS),
    decimalSeparator: z.enum(['.', ',']),
    signConvention: z.enum(SIGN_CONVENTIONS).default('negative-is-expense'),
    /** Whether there is a header row (after the skipped rows). */
    hasHeader: z.boolean().default(true),
    /** Preamble rows before the header (account details some banks print first). */
    skipRows: z.number().int().min(0).max(100).default(0),
  })
  .refine((m) => m.amount != null || m.debit != null || m.credit != null, {
    message: 'Map an amount column, or debit and credit columns',
    path: ['amount'],
  });
export type ColumnMapping = z.infer<typeof columnMapping>;
/** The mapping as clients send it (defaults may be left out). */
export type ColumnMappingInput = z.input<typeof columnMapping>;

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional();
const amountMinor = z
  .number({ error: 'Amount must be a number in minor units (cents)' })
  .int('Amount must be a whole number of minor units (cents)')
  .min(-MAX_EXPENSE_MINOR, 'Amount is too large')
  .max(MAX_EXPENSE_MINOR, 'Amount is too large');

const expenseFields = {
  date: calendarDate,
  amountMinor,
  currency: currencyCode.optional(),
  merchant: z.string().trim().min(1, 'Merchant is required').max(300, 'At most 300 characters'),
  description: optionalText(2000),
  /** An application of this organization; given → matched by hand; omitted → matched automatically. */
  subscriptionId: z.uuid().nullable().optional(),
  vendorId: z.uuid().nullable().optional(),
  paymentMethodId: z.uuid().nullable().optional(),
  categoryId: z.uuid().nullable().optional(),
  projectId: z.uuid().nullable().optional(),
  department: optionalText(100),
  invoiceNumber: optionalText(100),
  servicePeriodStart: calendarDate.nullable().optional(),
  servicePeriodEnd: calendarDate.nullable().optional(),
  notes: optionalText(5000),
};

const servicePeriodOrder = (v: { servicePeriodStart?: string | null; servicePeriodEnd?: string | null }) =>
  !v.servicePeriodStart || !v.servicePeriodEnd || v.servicePeriodStart <= v.servicePeriodEnd;
const servicePeriodIssue = {
  message: 'The service period ends before it starts',
  path: ['servicePeriodEnd'],
};

export const createExpenseBody = z
  .object({ ...expenseFields, source: z.enum(['manual', 'invoice', 'api']).default('manual') })
  .refine(servicePeriodOrder, servicePeriodIssue);
export type CreateExpenseBody = z.input<typeof createExpenseBody>;

export const updateExpenseBody = z
  .object({
    ...expenseFields,
    date: calendarDate.optional(),
    amountMinor: amountMinor.optional(),
    merchant: expenseFields.merchant.optional(),
  })
  .refine(servicePeriodOrder, servicePeriodIssue)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateExpenseBody = z.input<typeof updateExpenseBody>;

export const EXPENSE_SORTS = ['date', 'amount'] as const;

/** The ledger filters an "Other" drill-down can exclude values of. */
export const EXCEPT_BY = [
  'categoryId',
  'vendorId',
  'paymentMethodId',
  'department',
  'ownerId',
  'subscriptionId',
] as const;
export type ExceptBy = (typeof EXCEPT_BY)[number];
/** Between the values of `except` (a character no name or id holds). */
export const EXCEPT_SEPARATOR = '\n';

export const expenseListQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  subscriptionId: z.uuid().optional(),
  match: z.enum(MATCH_STATUSES).optional(),
  /** The expense's own category, else its application's (as analytics counts it). */
  categoryId: z.uuid().optional(),
  /** The expense's own payment method, else its application's. */
  paymentMethodId: z.uuid().optional(),
  /** The expense's own vendor, else its application's. */
  vendorId: z.uuid().optional(),
  /** The expense's own department, else its application's (exact name). */
  department: z.string().trim().min(1).max(100).optional(),
  /** Charges of applications this user owns. */
  ownerId: z.uuid().optional(),
  /** 'true': only charges matched to no application (the analytics "Unmatched charges" group). */
  unmatched: z.enum(['true', 'false']).optional(),
  /** 'true': only charges with no category, department, vendor, payment method or owner, own or
   * their application's (the analytics '' groups). */
  noCategory: z.enum(['true', 'false']).optional(),
  noDepartment: z.enum(['true', 'false']).optional(),
  noVendor: z.enum(['true', 'false']).optional(),
  noPaymentMethod: z.enum(['true', 'false']).optional(),
  noOwner: z.enum(['true', 'false']).optional(),
  /**
   * The analytics "Other" group: charges whose `exceptBy` (as analytics counts it, own value else the
   * application's) is none of `except` — the groups shown on their own. `except` lists the values
   * separated by EXCEPT_SEPARATOR; an empty value stands for the "none" group.
   */
  exceptBy: z.enum(EXCEPT_BY).optional(),
  except: z.string().max(8000).optional(),
  source: z.enum(EXPENSE_SOURCES).optional(),
  importBatchId: z.uuid().optional(),
  /** Only charges flagged above expected or after cancellation. */
  flagged: z.enum(['true', 'false']).optional(),
  /** Search in merchant, normalised merchant, description and invoice number. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(EXPENSE_SORTS).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Keyset cursor from the previous page's nextCursor (date sort only) … */
  cursor: z.string().max(200).optional(),
  /** … or a plain offset. */
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** 'false' leaves out total and totals: a client paging through a large ledger reads them once,
   * from /api/expenses/totals, instead of on every page. */
  withTotals: z.enum(['true', 'false']).default('true'),
  ...allocationFilterQuery.shape,
});
export type ExpenseListQuery = z.input<typeof expenseListQuery>;
export type ExpenseListFilter = z.output<typeof expenseListQuery>;

/** The filters of the ledger without its paging: what /api/expenses/totals sums. */
export const expenseTotalsQuery = expenseListQuery
  .omit({
    sort: true,
    order: true,
    limit: true,
    cursor: true,
    offset: true,
    withTotals: true,
  })
  .extend({
    /** 'true' adds `converted`: the sum in the organization's currency, as analytics counts it. */
    convert: z.enum(['true', 'false']).optional(),
  });
export type ExpenseTotalsQuery = z.input<typeof expenseTotalsQuery>;

export const expenseResponse = z.object({
  id: z.string(),
  date: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  merchant: z.string(),
  merchantKey: z.string(),
  merchantName: z.string(),
  description: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  subscriptionName: z.string().nullable(),
  suggestedSubscriptionId: z.string().nullable(),
  suggestedSubscriptionName: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  categoryId: z.string().nullable(),
  projectId: z.string().nullable(),
  department: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  servicePeriodStart: z.string().nullable(),
  servicePeriodEnd: z.string().nullable(),
  document: z
    .object({ name: z.string(), contentType: z.string(), size: z.number(), url: z.string() })
    .nullable(),
  source: z.enum(EXPENSE_SOURCES),
  externalId: z.string().nullable(),
  /** An accounting connector's expense: the bill or purchase in the provider's web app. */
  sourceUrl: z.string().nullable(),
  matchStatus: z.enum(MATCH_STATUSES),
  matchMethod: z.enum(MATCH_METHODS).nullable(),
  matchConfidence: z.number().nullable(),
  overExpectedPercent: z.number().nullable(),
  chargedAfterCancellation: z.boolean(),
  notes: z.string().nullable(),
  importBatchId: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type Expense = Wire<typeof expenseResponse>;

export const currencyTotal = z.object({ currency: z.string(), amountMinor: z.number(), count: z.number() });

export const expenseTotalsResponse = z.object({
  /** Rows matching the filters (all pages). */
  total: z.number(),
  /** Sums of the filtered rows per currency. */
  totals: z.array(currencyTotal),
  /** With convert=true: the sum in the organization's currency at each charge's date; charges with
   * no rate listed apart (the analytics rule, so a drill-down's total can be checked). */
  converted: z
    .object({ currency: z.string(), amountMinor: z.number(), unconverted: z.array(currencyTotal) })
    .optional(),
});
export type ExpenseTotals = Wire<typeof expenseTotalsResponse>;

export const expenseListResponse = expenseTotalsResponse.partial().extend({
  items: z.array(expenseResponse),
  nextCursor: z.string().nullable(),
});
export type ExpenseList = Wire<typeof expenseListResponse>;

export const matchExpenseBody = z.object({
  subscriptionId: z.uuid(),
  /** Remember this merchant: future and unmatched past expenses from it match the same application. */
  learn: z.boolean().default(false),
});

export const bulkExpenseBody = z.object({
  ids: z.array(z.uuid()).min(1).max(1000),
  action: z.enum(['ignore', 'unmatch', 'delete', 'match']),
  subscriptionId: z.uuid().optional(),
});

export const ruleBody = z.object({
  pattern: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
  matchType: z.enum(RULE_MATCH_TYPES).default('exact'),
  subscriptionId: z.uuid(),
  categoryId: z.uuid().nullable().optional(),
  /** Match the organization's unmatched expenses now (default true). */
  applyToExisting: z.boolean().default(true),
});
export const updateRuleBody = z
  .object({
    pattern: ruleBody.shape.pattern.optional(),
    matchType: z.enum(RULE_MATCH_TYPES).optional(),
    subscriptionId: z.uuid().optional(),
    categoryId: z.uuid().nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });

export const ruleResponse = z.object({
  id: z.string(),
  pattern: z.string(),
  matchType: z.enum(RULE_MATCH_TYPES),
  subscriptionId: z.string(),
  subscriptionName: z.string().nullable(),
  categoryId: z.string().nullable(),
  learned: z.boolean(),
  /** Expenses this rule matched when it was written (creation and updates only). */
  appliedCount: z.number().optional(),
  createdAt: instant,
});
export type ExpenseRule = Wire<typeof ruleResponse>;

// ---- Import ----

export const importUploadResponse = z.object({
  batchId: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** CSV only: header cells (or "Column N"), a few raw rows and the detected mapping. */
  headers: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  delimiter: z.string().nullable(),
  mapping: columnMapping.nullable(),
  /** Both day-first and month-first readings fit every date: ask the user. */
  dateFormatAmbiguous: z.boolean(),
  rowCount: z.number(),
});
export type ImportUpload = Wire<typeof importUploadResponse>;

export const importOptionsBody = z.object({
  /** CSV only; defaults to the mapping detected on upload. */
  mapping: columnMapping.optional(),
  /** Currency for rows without one (default: the organization's). */
  defaultCurrency: currencyCode.optional(),
  /** Also import money coming in (refunds) as negative expenses. */
  includeCredits: z.boolean().default(false),
  paymentMethodId: z.uuid().nullable().optional(),
});

export const importCommitBody = importOptionsBody.extend({
  /** Rows already booked or repeated in the file (`row` = the row's `line`): skip (default), update or create. */
  decisions: importDecisions.optional(),
  /** Lines flagged as duplicates that should be imported anyway (as `decisions` create). */
  keepDuplicateLines: z.array(z.number().int().min(0)).max(200_000).default([]),
  keepAllDuplicates: z.boolean().default(false),
  /** Import the valid rows even when some rows have errors (otherwise errors block the import). */
  skipInvalidRows: z.boolean().default(false),
});

export const previewRow = z.object({
  line: z.number(),
  date: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  merchant: z.string(),
  merchantName: z.string(),
  description: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  subscriptionName: z.string().nullable(),
  matchStatus: z.enum(MATCH_STATUSES),
  duplicate: z.enum(['existing', 'in-file']).nullable(),
  ...existingRowFields,
});

export const importPreviewResponse = z.object({
  batchId: z.string(),
  counts: z.object({
    rows: z.number(),
    valid: z.number(),
    errors: z.number(),
    duplicates: z.number(),
    matched: z.number(),
    /** Money-in rows left out (includeCredits false) and blank lines. */
    skipped: z.number(),
  }),
  errors: z.array(importRowError),
  duplicates: z.array(previewRow),
  /** The first rows as they will be imported. */
  rows: z.array(previewRow),
  totals: z.array(currencyTotal),
  dateRange: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type ImportPreview = Wire<typeof importPreviewResponse>;

export const importCommitResponse = importOutcomeCounts.extend({
  batchId: z.string(),
  /** Expenses created (as `created`). */
  imported: z.number(),
  /** Rows already booked or repeated, left out (as `skippedExisting`). */
  skippedDuplicates: z.number(),
  skippedInvalid: z.number(),
  /** The skipped rows' errors (skipInvalidRows; at most 500). */
  errors: z.array(importRowError),
  matched: z.number(),
});
export type ImportCommit = Wire<typeof importCommitResponse>;

export const importBatchResponse = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_BATCH_STATUSES),
  rowCount: z.number(),
  importedCount: z.number(),
  skippedCount: z.number(),
  createdAt: instant,
  committedAt: instant.nullable(),
});

// ---- Discovery and reconciliation ----

export const discoveryResponse = z.object({
  merchantKey: z.string(),
  name: z.string(),
  vendorName: z.string(),
  catalogSlug: z.string().nullable(),
  billingCycle: z.enum(BILLING_CYCLES),
  amountMinor: z.number(),
  currency: z.string(),
  occurrences: z.number(),
  firstDate: z.string(),
  lastDate: z.string(),
  totalMinor: z.number(),
  sampleMerchant: z.string(),
});
export type Discovery = Wire<typeof discoveryResponse>;

export const acceptDiscoveryBody = z.object({
  merchantKey: z.string().trim().min(1).max(300),
  /** Overrides of the proposal. */
  name: z.string().trim().min(1).max(200).optional(),
  categoryId: z.uuid().nullable().optional(),
});
export const acceptDiscoveryResponse = z.object({ subscriptionId: z.string(), matched: z.number() });

export const spendQuery = z.object({ months: z.coerce.number().int().min(1).max(60).default(12) });

export const spendMonth = z.object({
  month: z.string(), // 'YYYY-MM'
  expectedMinor: z.number(),
  actualMinor: z.number(),
  charges: z.number(),
  /** (actual − expected) / expected in percent; null when nothing was expected. */
  variancePercent: z.number().nullable(),
});

export const spendResponse = z.object({
  subscriptionId: z.string(),
  currency: z.string(),
  costPerCycleMinor: z.number(),
  monthlyEquivalentMinor: z.number(),
  months: z.array(spendMonth),
  totals: z.object({ expectedMinor: z.number(), actualMinor: z.number() }),
  /** Matched charges in another currency than the application's, not compared. */
  otherCurrencyCharges: z.number(),
  flagged: z.array(
    z.object({
      expenseId: z.string(),
      date: z.string(),
      amountMinor: z.number(),
      overExpectedPercent: z.number().nullable(),
      chargedAfterCancellation: z.boolean(),
    }),
  ),
});
export type SubscriptionSpend = Wire<typeof spendResponse>;

export const monthlySpendQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export const monthlySpendResponse = z.object({
  currency: z.string(),
  /** The window shown (whole months) and its name, e.g. 'Dec 2025 – Nov 2026'. */
  from: calendarDate,
  to: calendarDate,
  label: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      byCategory: z.array(
        z.object({ categoryId: z.string().nullable(), name: z.string(), amountMinor: z.number() }),
      ),
      totalMinor: z.number(),
    }),
  ),
  /** Charges with no rate into the organization's currency at their date: not in the totals above. */
  unconverted: z.array(z.object({ currency: z.string(), amountMinor: z.number(), count: z.number() })),
});
export type MonthlySpend = Wire<typeof monthlySpendResponse>;
