// The commit both importers share (CSV and Wallos): all rows or none unless told to skip the bad
// ones, stored in ONE transaction with the import's record and its audit event.
import { refreshPlannerStats } from '../../db/maintenance';
import { AppError, badRequest } from '../../errors';
import { ignoreProgress, type OnProgress } from '../../lib/progress-reply';
import type { ImportDecisions } from '../../../common/contracts/import-existing';
import { NO_DECISIONS, partitionRows } from '../../../common/import-decisions';
import { assertKnownDecisionRows } from '../../lib/tabular/existing';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import type { MatchedImportRow } from './existing-apps';
import * as repo from './imports.repo';
import { allocateImportedRows } from '../entities';
import type { ValidatedRow } from './rows';
import { storeCandidates } from './store';
import { updateExistingApps } from './update-existing';

const MAX_ERRORS = 1000;
/** Tables a big load of applications grows (the demo also writes their first prices). */
export const BULK_TABLES = ['subscriptions', 'subscription_price_changes', 'vendors'] as const;
/** An import's rows read their first price from the import, so it grows only these. */
const IMPORT_GROWN_TABLES = ['subscriptions', 'vendors'] as const;

/** Every invalid row's errors, in file order (at most 1000). */
export function rowErrorsOf(rows: ValidatedRow[]) {
  return rows.flatMap((r) => r.errors).slice(0, MAX_ERRORS);
}

export interface CommitRowsInput {
  kind: 'csv' | 'wallos';
  /** The previewed upload this commit finishes; null records a new import. */
  pending: repo.ImportRow | null;
  rows: MatchedImportRow[];
  skipInvalid: boolean;
  /** Rows matching an existing application: skipped unless the user chose update or create. */
  decisions?: ImportDecisions;
  /** What the file's rows are called in messages: "rows", "Wallos subscriptions". */
  noun: string;
  onProgress?: OnProgress;
}

/**
 * Any invalid row without skipInvalid → 400 listing the row errors, nothing stored. A failure while
 * storing rolls everything back and marks a pending import failed.
 */
export async function commitRows(deps: ServiceDeps, ctx: RequestContext, input: CommitRowsInput) {
  const { kind, pending, rows, onProgress = ignoreProgress, decisions = NO_DECISIONS } = input;
  const errors = rowErrorsOf(rows);
  assertKnownDecisionRows(
    rows.map((r) => r.row),
    decisions,
  );
  const valid = rows.flatMap((r) => (r.candidate ? [{ ...r, candidate: r.candidate }] : []));
  const invalid = rows.length - valid.length;
  if (invalid > 0 && !input.skipInvalid) {
    throw new AppError(
      'validation_error',
      `${invalid} of ${rows.length} ${input.noun} have problems; nothing was imported. Fix them, or import only the valid ones.`,
      { errors },
    );
  }
  if (valid.length === 0) throw badRequest(`No valid ${input.noun} to import.`);
  const chosen = partitionRows(valid, decisions, (r) => r.row);
  const now = deps.clock.now();
  try {
    const result = await deps.db.transaction(async (tx) => {
      const importRow =
        pending ??
        (await repo.insertImport(tx, {
          organizationId: ctx.orgId,
          createdBy: ctx.userId,
          kind,
          filename: null,
          content: null,
          totalRows: rows.length,
        }));
      const stored = await storeCandidates(
        tx,
        ctx,
        chosen.create.map((r) => r.candidate),
        {
          now,
          source: kind === 'csv' ? 'import' : 'wallos',
          importId: importRow.id,
          onProgress,
        },
      );
      const updated = await updateExistingApps(
        tx,
        ctx,
        chosen.update.map((r) => ({ raw: r.raw, candidate: r.candidate, existingId: r.existing.id })),
        now,
      );
      const warnings = await allocateImportedRows(
        tx,
        ctx.orgId,
        'subscription',
        chosen.create.map((r, i) => ({
          targetId: stored.ids[i]!,
          line: r.line,
          entity: r.candidate.entity ?? null,
          brand: r.candidate.brand ?? null,
        })),
        ctx.userId,
      );
      const counts = { created: stored.imported, updated, skippedExisting: chosen.skip.length };
      await repo.updateImport(tx, ctx.orgId, importRow.id, {
        status: 'committed',
        content: null,
        totalRows: rows.length,
        importedCount: stored.imported,
        skippedCount: invalid,
        committedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'import.commit',
        entityType: 'import',
        entityId: importRow.id,
        changes: { kind, imported: stored.imported, skipped: invalid, ...counts },
      });
      return {
        importId: importRow.id,
        imported: stored.imported,
        ...counts,
        vendorsCreated: stored.vendorsCreated,
        categoriesCreated: stored.categoriesCreated,
        skipped: invalid,
        errors: input.skipInvalid ? errors : [],
        warnings,
      };
    });
    await onProgress({ phase: 'finishing', done: result.imported, total: result.imported });
    await refreshPlannerStats(deps.db, IMPORT_GROWN_TABLES);
    return result;
  } catch (error) {
    if (pending && !(error instanceof AppError)) {
      await repo.updateImport(deps.db, ctx.orgId, pending.id, {
        status: 'failed',
        error: 'The import failed and nothing was stored.',
      });
    }
    throw error;
  }
}
