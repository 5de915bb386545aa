// The one shape every importer uses for rows that match a record already stored (or an earlier row
// of the same file): the preview flags them, the commit takes the user's choice for each.
import { z } from 'zod';

/** Why a row is taken for a record already stored. */
export const EXISTING_MATCH_KINDS = ['catalog', 'name_vendor', 'email', 'expense', 'usage'] as const;
export type ExistingMatchKind = (typeof EXISTING_MATCH_KINDS)[number];

export const EXISTING_MATCH_LABELS: Record<ExistingMatchKind, string> = {
  catalog: 'same catalogue app',
  name_vendor: 'same name and vendor',
  email: 'same e-mail',
  expense: 'already booked',
  usage: 'activity already recorded that day',
};

export const existingMatch = z.object({
  id: z.string(),
  /** What the user recognises it by: an application's or person's name, an expense's merchant. */
  label: z.string(),
  matchedBy: z.enum(EXISTING_MATCH_KINDS),
});
export type ExistingMatch = z.infer<typeof existingMatch>;

/** The per-row fields a preview adds: null when the row matches nothing. */
export const existingRowFields = {
  existing: existingMatch.nullable(),
  /** The earlier row of the same file this one repeats (1-based, as `row`), or null. */
  duplicateOfRow: z.number().nullable(),
};

/** skip: store nothing for the row; update: the stored record takes the row's mapped fields; create: a new record anyway. */
export const IMPORT_DECISIONS = ['skip', 'update', 'create'] as const;
export const importDecision = z.enum(IMPORT_DECISIONS);
export type ImportDecision = z.infer<typeof importDecision>;

/** The user's choices for matched rows; rows that match nothing are always created. */
export const importDecisions = z.object({
  /** For every matched row without its own choice. */
  default: importDecision.default('skip'),
  rows: z
    /** `row`: the number the preview shows for the row (`line` for people and statements). */
    .array(z.object({ row: z.number().int().min(1), decision: importDecision }))
    .max(100_000)
    .default([]),
});
export type ImportDecisions = z.output<typeof importDecisions>;
export type ImportDecisionsInput = z.input<typeof importDecisions>;

/** What a commit did with the file's rows. */
export const importOutcomeCounts = z.object({
  created: z.number(),
  updated: z.number(),
  /** Matched rows left out by the user's choice (invalid rows are counted apart). */
  skippedExisting: z.number(),
});
export type ImportOutcomeCounts = z.infer<typeof importOutcomeCounts>;
