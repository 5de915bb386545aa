import { z } from 'zod';
import { ACTIVITY_SIGNALS } from '../licenses';
import { importRowError } from './import-rows';
import { existingRowFields, importDecisions } from './import-existing';
import { csvText, fileBase64, hasImportFile } from './people-import';

// Usage (activity) import: the CSV exports of Google Workspace, Microsoft 365, Slack and Okta.

export const USAGE_IMPORT_FIELDS = ['email', 'application', 'lastSeen', 'assigned'] as const;
export type UsageImportField = (typeof USAGE_IMPORT_FIELDS)[number];

export const USAGE_IMPORT_SYNONYMS: Record<UsageImportField, readonly string[]> = {
  email: [
    'email',
    'email address',
    'user',
    'user email',
    'username',
    'user principal name',
    'login',
    'primary email',
  ],
  application: [
    'application',
    'app',
    'app name',
    'application name',
    'product',
    'service',
    'target',
    'target app',
  ],
  lastSeen: [
    'last seen',
    'last active',
    'last active utc',
    'last activity date',
    'last activity',
    'last sign in',
    'last login',
    'last login time',
    'last used',
    'last accessed',
    'last authentication',
  ],
  /** Optional: when the seat was given (an export's "assigned" or "added" date). */
  assigned: [
    'assigned',
    'assigned at',
    'assigned on',
    'assigned date',
    'date assigned',
    'assignment date',
    'license assigned',
    'license assigned date',
    'added',
    'date added',
    'added on',
    'provisioned',
    'provisioned at',
    'member since',
  ],
};

const header = z.string().trim().min(1).max(200);

export const usageImportBody = z
  .object({
    csv: csvText.optional(),
    file: fileBase64.optional(),
    mapping: z
      .object({
        email: header.nullish(),
        application: header.nullish(),
        lastSeen: header.nullish(),
        assigned: header.nullish(),
      })
      .partial()
      .optional(),
    /**
     * What the dates prove: `usage` of the application, or only a `sign-in` (an identity provider's
     * last-login report). Default: read from the date column's name ("Last sign in", "Last login" → sign-in).
     * Insights call a seat idle on either, but with lower confidence on sign-ins.
     */
    signal: z.enum(ACTIVITY_SIGNALS, { error: 'Use usage or sign-in' }).optional(),
    /** For single-application exports (Slack, Figma) that have no application column. */
    subscriptionId: z.uuid().optional(),
    /** Names in the file → application id; null ignores that name. */
    applicationMap: z.record(z.string().max(200), z.uuid().nullable()).optional(),
    /** Preview only: report what would change, change nothing. */
    dryRun: z.boolean().default(false),
    /** Apply the good rows even when some rows have errors. */
    skipInvalid: z.boolean().default(false),
    /**
     * Rows whose seat already has activity recorded that day (`row` = the row's `line`): skip (default)
     * or update (the file's time replaces the recorded one). Create is refused: a seat has one last activity.
     */
    decisions: importDecisions.optional(),
  })
  .refine(hasImportFile.check, hasImportFile.error);
export type UsageImportBody = z.input<typeof usageImportBody>;

export const USAGE_ROW_STATUSES = ['updated', 'unchanged', 'never', 'skipped', 'ignored', 'error'] as const;

export const usageImportRow = z.object({
  line: z.number(),
  email: z.string().nullable(),
  application: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** The seat's assignment date from the file's optional column (it replaces the recorded one). */
  assigned: z.string().nullable(),
  status: z.enum(USAGE_ROW_STATUSES),
  /** Why a row was skipped, ignored or left unchanged; errors are in `errors`. */
  message: z.string().nullable(),
  errors: z.array(importRowError),
  ...existingRowFields,
});
export type UsageImportRow = z.infer<typeof usageImportRow>;

export const usageImportResponse = z.object({
  headers: z.array(z.string()),
  mapping: z.object({
    email: z.string().nullable(),
    application: z.string().nullable(),
    lastSeen: z.string().nullable(),
    assigned: z.string().nullable(),
  }),
  /** What the dates were recorded as (see the body's `signal`). */
  signal: z.enum(ACTIVITY_SIGNALS),
  dryRun: z.boolean(),
  applied: z.boolean(),
  rows: z.array(usageImportRow),
  summary: z.record(z.enum(USAGE_ROW_STATUSES), z.number()),
  /** Application names in the file that match none of the organization's applications. */
  unmatchedApplications: z.array(z.string()),
});
export type UsageImportResult = z.infer<typeof usageImportResponse>;
