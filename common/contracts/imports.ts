// CSV and Wallos imports of applications: preview (columns, automatic mapping, per-row problems) then
// commit. A commit is all-or-nothing in one transaction unless skipInvalid asks to store only good rows.
// Commits are synchronous (10,000 rows in a few seconds); the client shows upload progress, then an
// "Importing N rows…" state, and may re-read the outcome with GET /api/imports/{id}.
import { z } from 'zod';
import { importRowError } from './import-rows';
import { existingRowFields, importDecisions, importOutcomeCounts } from './import-existing';
import { instant, type Wire } from './wire';

/** The largest file (or JSON body) an application import takes. */
export const IMPORT_UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;

/** Application fields a CSV column can map to. */
export const IMPORT_FIELDS = [
  'name',
  'vendor',
  'amount',
  'currency',
  'billingCycle',
  'pricingModel',
  'seats',
  'unitPrice',
  'nextRenewalDate',
  'startDate',
  'autoRenew',
  'noticePeriodDays',
  'ownerEmail',
  'department',
  'category',
  'tags',
  'paymentMethod',
  'status',
  'url',
  'description',
  'notes',
  'entity',
  'brand',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  vendor: 'Vendor',
  amount: 'Cost per cycle',
  currency: 'Currency',
  billingCycle: 'Billing cycle',
  pricingModel: 'Pricing model',
  seats: 'Seats',
  unitPrice: 'Price per seat',
  nextRenewalDate: 'Next renewal date',
  startDate: 'Start date',
  autoRenew: 'Auto-renew',
  noticePeriodDays: 'Notice period (days)',
  ownerEmail: 'Owner email',
  department: 'Department',
  category: 'Category',
  tags: 'Tags',
  paymentMethod: 'Payment method',
  status: 'Status',
  url: 'URL',
  description: 'Description',
  notes: 'Notes',
  entity: 'Entity',
  brand: 'Brand',
};

/** How ambiguous dates like 03/04/2026 are read; auto picks from the file (ISO always works). */
export const DATE_FORMATS = ['auto', 'ymd', 'mdy', 'dmy'] as const;

/** Column index (0-based) per field; null or absent = not imported. */
export const importMapping = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  z.number().int().min(0).max(500).nullable(),
);
export type ImportMapping = z.infer<typeof importMapping>;

/** JSON alternative to the multipart upload (field `file`): the bytes in base64, or the CSV text. */
export const importPreviewBody = z
  .object({
    csv: z
      .string()
      .min(1, 'The file is empty')
      .max(20 * 1024 * 1024, 'At most 20 MB')
      .optional(),
    file: z
      .string()
      .min(1, 'The file is empty')
      .max(Math.ceil(IMPORT_UPLOAD_LIMIT_BYTES / 3) * 4, 'The file is larger than 25 MB')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be base64')
      .optional(),
    filename: z.string().trim().max(255).optional(),
  })
  .refine((body) => body.csv !== undefined || body.file !== undefined, {
    message: 'Attach the file (file, base64) or its text (csv)',
    path: ['file'],
  });
/** The JSON body a preview with a base64 file of the largest size needs. */
export const IMPORT_JSON_BODY_LIMIT = Math.ceil(IMPORT_UPLOAD_LIMIT_BYTES / 3) * 4 + 64 * 1024;

/** One row as it would be stored (values after parsing), for the preview table. */
export const importPreviewRow = z.object({
  /** 1-based data row (the header is row 0): what decisions name. */
  row: z.number(),
  name: z.string().nullable(),
  vendor: z.string().nullable(),
  amountMinor: z.number().nullable(),
  currency: z.string().nullable(),
  billingCycle: z.string().nullable(),
  nextRenewalDate: z.string().nullable(),
  seats: z.number().nullable(),
  ownerEmail: z.string().nullable(),
  category: z.string().nullable(),
  status: z.string().nullable(),
  errors: z.array(importRowError),
  ...existingRowFields,
});
export type ImportPreviewRow = Wire<typeof importPreviewRow>;

/** A row that matches an application already stored, or an earlier row of the file. */
export const importMatchedRow = z.object({
  row: z.number(),
  name: z.string(),
  vendor: z.string().nullable(),
  amountMinor: z.number(),
  currency: z.string(),
  ...existingRowFields,
});
export type ImportMatchedRow = Wire<typeof importMatchedRow>;

export const importColumn = z.object({
  index: z.number(),
  header: z.string(),
  /** The field this column maps to automatically, or null. */
  field: z.enum(IMPORT_FIELDS).nullable(),
  samples: z.array(z.string()),
});

export const importPreviewResponse = z.object({
  /** Pass to commit instead of uploading the file again (kept for 24 hours). */
  importId: z.string(),
  filename: z.string().nullable(),
  delimiter: z.string(),
  columns: z.array(importColumn),
  mapping: importMapping,
  /** Fields the mapping leaves out that the user may want (name is the only required one). */
  unmappedFields: z.array(z.enum(IMPORT_FIELDS)),
  totalRows: z.number(),
  validRows: z.number(),
  invalidRows: z.number(),
  /** The first rows as they would be stored. */
  rows: z.array(importPreviewRow),
  /** Every invalid row's errors (at most 1000). */
  errors: z.array(importRowError),
  /** Every valid row that matches an existing application or an earlier row (at most 1000). */
  matched: z.array(importMatchedRow),
  matchedRows: z.number(),
  /** Applications this import would add, and whether the plan allows that many. */
  planLimit: z.object({ limit: z.number().nullable(), current: z.number(), wouldExceed: z.boolean() }),
});
export type ImportPreview = Wire<typeof importPreviewResponse>;

/** Re-validate with an edited mapping without uploading again. */
export const importRemapBody = z.object({
  importId: z.uuid(),
  mapping: importMapping,
  dateFormat: z.enum(DATE_FORMATS).default('auto'),
});

export const importCommitBody = z
  .object({
    importId: z.uuid().optional(),
    csv: z
      .string()
      .min(1)
      .max(20 * 1024 * 1024)
      .optional(),
    /** Defaults to the automatic mapping. */
    mapping: importMapping.optional(),
    dateFormat: z.enum(DATE_FORMATS).default('auto'),
    /** true: store the good rows and skip the bad ones; false: any bad row stores nothing (400). */
    skipInvalid: z.boolean().default(false),
    /** What to do with rows matching an existing application (default: skip them). */
    decisions: importDecisions.optional(),
  })
  .refine((v) => v.importId !== undefined || v.csv !== undefined, {
    message: 'Send importId (from the preview) or csv',
    path: ['importId'],
  });
export type ImportCommitBody = z.input<typeof importCommitBody>;

export const importCommitResponse = importOutcomeCounts.extend({
  importId: z.string(),
  /** Applications created (as `created`). */
  imported: z.number(),
  /** Invalid rows left out (skipInvalid). */
  skipped: z.number(),
  /** The skipped rows' errors (skipInvalid only; at most 1000). */
  errors: z.array(importRowError),
  /** Rows imported with a note: an Entity or Brand name that matched none (the row went to the default). */
  warnings: z.array(importRowError),
  vendorsCreated: z.number(),
  categoriesCreated: z.number(),
});
export type ImportCommitResult = Wire<typeof importCommitResponse>;

export const IMPORT_STATUSES = ['previewed', 'committed', 'failed'] as const;

export const importStatusResponse = z.object({
  id: z.string(),
  kind: z.enum(['csv', 'wallos']),
  filename: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number(),
  importedCount: z.number(),
  skippedCount: z.number(),
  error: z.string().nullable(),
  createdAt: instant,
  committedAt: instant.nullable(),
});
export type ImportStatus = Wire<typeof importStatusResponse>;

/**
 * Wallos (self-hosted subscription tracker) JSON: its Settings → Export file `{ success,
 * subscriptions: [{ Name, "Payment Cycle", "Next Payment", Price, … }] }`, or a bare array of those
 * entries or of its database rows (name, price, next_payment, cycle, frequency, inactive, …).
 */
export const wallosImportBody = z.object({
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  skipInvalid: z.boolean().default(false),
  decisions: importDecisions.optional(),
  /** true: validate and answer the preview, store nothing. */
  dryRun: z.boolean().default(false),
});
export type WallosImportBody = z.input<typeof wallosImportBody>;

export const wallosImportResponse = importCommitResponse.extend({
  /** null on a dry run (nothing is kept). */
  importId: z.string().nullable(),
  totalRows: z.number(),
  dryRun: z.boolean(),
  rows: z.array(importPreviewRow),
  matched: z.array(importMatchedRow),
});
export type WallosImportResult = Wire<typeof wallosImportResponse>;
