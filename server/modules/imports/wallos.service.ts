import { badRequest } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { commitRows, rowErrorsOf } from './commit';
import type { ImportDecisions } from '../../../common/contracts/import-existing';
import { matchedRows, previewRows, validateRecords } from './imports.service';
import { dollarCurrencyFor } from '../../../common/tabular/money';
import { WallosFormatError, wallosEntries, wallosRecord } from './wallos';

export interface WallosInput {
  data: unknown;
  skipInvalid: boolean;
  dryRun: boolean;
  decisions?: ImportDecisions;
}

/** Imports a Wallos JSON export: all-or-nothing unless skipInvalid; dryRun only checks. */
export async function importWallos(deps: ServiceDeps, ctx: RequestContext, input: WallosInput) {
  let entries;
  try {
    entries = wallosEntries(input.data);
  } catch (error) {
    if (error instanceof WallosFormatError) throw badRequest(error.message);
    throw error;
  }
  if (entries.length === 0) throw badRequest('The Wallos export has no subscriptions.');
  const raw = entries.map((e) => wallosRecord(e, dollarCurrencyFor(ctx.org.currency), ctx.org.currency));
  // A JSON export has no lines: an error names the entry (1 = the first subscription).
  const entryNumbers = raw.map((_, i) => i + 1);
  const rows = await validateRecords(deps, ctx, raw, entryNumbers, 'ymd');
  const errors = rowErrorsOf(rows);
  const invalid = rows.filter((r) => !r.candidate).length;
  const summary = {
    totalRows: rows.length,
    rows: previewRows(rows),
    matched: matchedRows(rows).matched,
    dryRun: input.dryRun,
  };
  if (input.dryRun) {
    return {
      importId: null,
      imported: 0,
      created: 0,
      updated: 0,
      skippedExisting: 0,
      skipped: invalid,
      errors,
      warnings: [],
      vendorsCreated: 0,
      categoriesCreated: 0,
      ...summary,
    };
  }
  const result = await commitRows(deps, ctx, {
    kind: 'wallos',
    pending: null,
    rows,
    skipInvalid: input.skipInvalid,
    decisions: input.decisions,
    noun: 'Wallos subscriptions',
  });
  return { ...result, ...summary };
}
