import { z } from 'zod';
import { importRowError } from './import-rows';
import { existingRowFields, importDecisions } from './import-existing';
import { moneyTotal } from './people';

// The HR-export import wizard: upload → map columns → preview → commit.

export const PEOPLE_IMPORT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'fullName',
  'department',
  'team',
  'title',
  'managerEmail',
  'startDate',
  'endDate',
] as const;
export type PeopleImportField = (typeof PEOPLE_IMPORT_FIELDS)[number];

/** Header names the wizard recognises without help (HRIS exports: BambooHR, Workday, Rippling, Google). */
export const PEOPLE_IMPORT_SYNONYMS: Record<PeopleImportField, readonly string[]> = {
  email: [
    'email',
    'work email',
    'email address',
    'work email address',
    'primary email',
    'e-mail',
    'mail',
    'user principal name',
    'upn',
    'login',
  ],
  firstName: ['first name', 'firstname', 'given name', 'first', 'preferred name'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'last'],
  fullName: ['name', 'full name', 'display name', 'employee name', 'employee'],
  department: ['department', 'dept', 'division', 'org unit', 'organizational unit'],
  team: ['team', 'group', 'sub department', 'subdepartment', 'squad'],
  title: ['title', 'job title', 'position', 'job', 'role'],
  managerEmail: [
    'manager email',
    'manager',
    'reports to',
    'supervisor email',
    'supervisor',
    'manager work email',
  ],
  startDate: ['start date', 'hire date', 'date of hire', 'joined', 'start'],
  endDate: ['end date', 'termination date', 'last day', 'leave date'],
};

const MAX_CSV_CHARS = 5 * 1024 * 1024;
export const csvText = z
  .string()
  .min(1, 'The file is empty')
  .max(MAX_CSV_CHARS, 'The file is larger than 5 MB');
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** The uploaded file's bytes in base64, so the server reads any encoding, or an XLSX workbook. */
export const fileBase64 = z
  .string()
  .min(1, 'The file is empty')
  .max(Math.ceil(MAX_FILE_BYTES / 3) * 4, 'The file is larger than 5 MB')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be base64');
/** A JSON import body carries the file as `file` (bytes, base64) or `csv` (text). */
export const hasImportFile = {
  check: (body: { csv?: string; file?: string }) => body.csv !== undefined || body.file !== undefined,
  error: { message: 'Attach the file (file, base64) or its text (csv)', path: ['file'] },
};
export const MAX_IMPORT_ROWS = 10_000;

const header = z.string().trim().min(1).max(200);
export const peopleImportMapping = z
  .object(
    Object.fromEntries(PEOPLE_IMPORT_FIELDS.map((f) => [f, header.nullish()])) as Record<
      PeopleImportField,
      z.ZodOptional<z.ZodNullable<typeof header>>
    >,
  )
  .partial();
export type PeopleImportMapping = z.infer<typeof peopleImportMapping>;

export const peopleImportBody = z
  .object({
    csv: csvText.optional(),
    file: fileBase64.optional(),
    /** Column per field; omitted fields use the suggestion from the headers. */
    mapping: peopleImportMapping.optional(),
    /** The file lists everyone: people missing from it become offboarding candidates. */
    fullImport: z.boolean().default(false),
    /** Import the good rows and skip the bad ones; otherwise any bad row stops the import. */
    skipInvalid: z.boolean().default(false),
    /**
     * Rows whose e-mail is already in People (`row` = the row's `line`): skip (default) or update.
     * An e-mail is one person, so create is refused for them.
     */
    decisions: importDecisions.optional(),
  })
  .refine(hasImportFile.check, hasImportFile.error);
export type PeopleImportBody = z.input<typeof peopleImportBody>;

export const importRowAction = z.enum(['create', 'update', 'unchanged', 'error']);

export const peopleImportRow = z.object({
  line: z.number(),
  action: importRowAction,
  email: z.string().nullable(),
  name: z.string(),
  department: z.string().nullable(),
  /** Fields an update changes. */
  changes: z.array(z.string()),
  errors: z.array(importRowError),
  warnings: z.array(z.string()),
  ...existingRowFields,
});
export type PeopleImportRow = z.infer<typeof peopleImportRow>;

export const offboardCandidate = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  openAssignments: z.number(),
  yearlyCosts: z.array(moneyTotal),
});
export type OffboardCandidate = z.infer<typeof offboardCandidate>;

export const importSummary = z.object({
  rows: z.number(),
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  error: z.number(),
});

export const peopleImportPreview = z.object({
  headers: z.array(z.string()),
  mapping: peopleImportMapping,
  suggestedMapping: peopleImportMapping,
  rows: z.array(peopleImportRow),
  summary: importSummary,
  offboardCandidates: z.array(offboardCandidate),
});
export type PeopleImportPreview = z.infer<typeof peopleImportPreview>;

export const peopleImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Invalid rows left out (skipInvalid). */
  skipped: z.number(),
  /** The skipped rows' errors. */
  errors: z.array(importRowError),
  /** Rows of people already in Stackwise, left as they are by the user's choice. */
  skippedExisting: z.number(),
  offboardCandidates: z.array(offboardCandidate),
});
export type PeopleImportResult = z.infer<typeof peopleImportResult>;
