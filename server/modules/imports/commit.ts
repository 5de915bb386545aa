// The commit both importers share (CSV and Wallos): all rows or none unless told to skip the bad
// ones, stored in ONE transaction with the import's record and its audit event.
import { refreshPlannerStats } from '../../db/maintenance';
import { AppError, badRequest } from '../../errors';
import { ignoreProgress, type OnProgress } from '../../lib/progress-reply';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../audit';
import * as repo from './imports.repo';
import type { ValidatedRow } from './rows';
import { storeCandidates } from './store';

const MAX_PROBLEMS = 1000;
/** Tables a big import grows. */
export const BULK_TABLES = ['subscriptions', 'subscription_price_changes', 'vendors'] as const;

export function problemsOf(rows: ValidatedRow[]) {
  return rows
    .filter((r) => r.errors.length > 0)
    .slice(0, MAX_PROBLEMS)
    .map((r) => ({ row: r.row, name: r.raw.name?.trim() || null, errors: r.errors }));
}

export interface CommitRowsInput {
  kind: 'csv' | 'wallos';
  /** The previewed upload this commit finishes; null records a new import. */
  pending: repo.ImportRow | null;
  rows: ValidatedRow[];
  skipInvalid: boolean;
  /** What the file's rows are called in messages: "rows", "Wallos subscriptions". */
  noun: string;
  onProgress?: OnProgress;
}

/**
 * Any invalid row without skipInvalid → 400 listing the problems, nothing stored. A failure while
 * storing rolls everything back and marks a pending import failed.
 */
export async function commitRows(deps: ServiceDeps, ctx: RequestContext, input: CommitRowsInput) {
  const { kind, pending, rows, onProgress = ignoreProgress } = input;
  const problems = problemsOf(rows);
  const candidates = rows.flatMap((r) => (r.candidate ? [r.candidate] : []));
  const invalid = rows.length - candidates.length;
  if (invalid > 0 && !input.skipInvalid) {
    throw new AppError(
      'validation_error',
      `${invalid} of ${rows.length} ${input.noun} have problems; nothing was imported. Fix them, or import only the valid ones.`,
      { problems },
    );
  }
  if (candidates.length === 0) throw badRequest(`No valid ${input.noun} to import.`);
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
      const stored = await storeCandidates(tx, ctx, candidates, {
        now,
        source: kind === 'csv' ? 'import' : 'wallos',
        importId: importRow.id,
        onProgress,
      });
      await repo.updateImport(tx, ctx.orgId, importRow.id, {
        status: 'committed',
        content: null,
        totalRows: rows.length,
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
        changes: { kind, imported: stored.imported, skipped: invalid },
      });
      return {
        importId: importRow.id,
        imported: stored.imported,
        vendorsCreated: stored.vendorsCreated,
        categoriesCreated: stored.categoriesCreated,
        skipped: invalid,
        problems: input.skipInvalid ? problems : [],
      };
    });
    await onProgress({ phase: 'finishing', done: result.imported, total: result.imported });
    await refreshPlannerStats(deps.db, BULK_TABLES);
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
