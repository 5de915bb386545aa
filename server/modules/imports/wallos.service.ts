import { refreshPlannerStats } from '../../db/maintenance';
import { AppError, badRequest } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../audit/audit';
import * as repo from './imports.repo';
import { BULK_TABLES, previewRows, problemsOf, validateRecords } from './imports.service';
import { dollarCurrencyFor } from './rows';
import { storeCandidates } from './store';
import { WallosFormatError, wallosEntries, wallosRecord } from './wallos';

export interface WallosInput {
  data: unknown;
  skipInvalid: boolean;
  dryRun: boolean;
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
  const rows = await validateRecords(deps, ctx, raw, 'ymd');
  const problems = problemsOf(rows);
  const invalid = rows.filter((r) => !r.candidate).length;
  const summary = { totalRows: rows.length, rows: previewRows(rows), dryRun: input.dryRun };
  if (input.dryRun) {
    return {
      importId: null,
      imported: 0,
      skipped: invalid,
      problems,
      vendorsCreated: 0,
      categoriesCreated: 0,
      ...summary,
    };
  }
  if (invalid > 0 && !input.skipInvalid) {
    throw new AppError(
      'validation_error',
      `${invalid} of ${rows.length} Wallos subscriptions have problems; nothing was imported. Fix them, or import only the valid ones.`,
      { problems },
    );
  }
  const candidates = rows.flatMap((r) => (r.candidate ? [r.candidate] : []));
  if (candidates.length === 0) throw badRequest('No valid subscriptions to import.');
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const importRow = await repo.insertImport(tx, {
      organizationId: ctx.orgId,
      createdBy: ctx.userId,
      kind: 'wallos',
      filename: null,
      content: null,
      totalRows: rows.length,
    });
    const stored = await storeCandidates(tx, ctx, candidates, {
      now,
      source: 'wallos',
      importId: importRow.id,
    });
    await repo.updateImport(tx, ctx.orgId, importRow.id, {
      status: 'committed',
      importedCount: stored.imported,
      skippedCount: invalid,
      committedAt: now,
    });
    await recordAudit(tx, {
      orgId: ctx.orgId,
      userId: ctx.userId,
      action: 'import.commit',
      entityType: 'import',
      entityId: importRow.id,
      changes: { kind: 'wallos', imported: stored.imported, skipped: invalid },
    });
    return {
      importId: importRow.id,
      imported: stored.imported,
      vendorsCreated: stored.vendorsCreated,
      categoriesCreated: stored.categoriesCreated,
      skipped: invalid,
      problems: input.skipInvalid ? problems : [],
      ...summary,
    };
  });
  await refreshPlannerStats(deps.db, BULK_TABLES);
  return result;
}
