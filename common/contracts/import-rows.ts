// The one shape every importer (applications CSV/XLSX and Wallos, people, usage, statements) uses
// for a row it cannot take, in previews, commit results and 400 validation_error bodies.
import { z } from 'zod';

export const importRowError = z.object({
  /** 1-based line in the file as a spreadsheet user sees it (the header is line 1); entry number in JSON. */
  line: z.number().int(),
  /** The field (column) at fault, or null for a problem with the whole row. */
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** Builds a row error; the only way importers make one. */
export function rowError(line: number, field: string | null, message: string): ImportRowError {
  return { line, field, message };
}

/**
 * The 400 of a commit with bad rows (and no skip): `{ code: 'validation_error', message, errors }`;
 * nothing is stored. Other 400s of an import route carry no `errors`.
 */
export const importRejectedResponse = z
  .object({ code: z.string(), message: z.string(), errors: z.array(importRowError).optional() })
  .catchall(z.unknown());
