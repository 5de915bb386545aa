// Statement import: upload (staged in file storage, so any server can go on), preview (per-row errors, duplicates, matches), then
// commit in ONE transaction with multi-row inserts. Re-parsing the staged file on commit keeps the
// server stateless between steps and the preview honest.
import { buffer } from 'node:stream/consumers';
import type { z } from 'zod';
import type { importCommitBody, importOptionsBody } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { orderedIdSequence } from '../../lib/ordered-ids';
import { ignoreProgress, type OnProgress } from '../../lib/progress-reply';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { publishEvent } from '../../lib/events/publish';
import { markSetupStep } from '../organizations';
import { listItems } from '../settings-lists';
import { COST_ALERT_WINDOW_DAYS, costAlertTolerance } from './flags';
import { bulkInsertExpenses, flaggedExpenseIds, type BulkRow } from './expenses.repo';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { removeDocuments } from './expenses.service';
import {
  deleteImportBatch,
  findBatch,
  insertImportBatch,
  listImportBatches,
  updateImportBatch,
} from './import-batches.repo';
import { duplicateKind, findDuplicates } from './import-duplicates';
import { statementDecisions, updateBookedExpenses } from './import-existing';
import type { ExistingMatch } from '../../../common/contracts/import-existing';
import { partitionRows } from '../../../common/import-decisions';
import { assertKnownDecisionRows } from '../../lib/tabular/existing';
import { matchColumns, matcherFor } from './matching.repo';
import { inspectStatement, parseStatement, readStatement, type StatementRow } from './parsers';
import { chargeFlags } from './reconcile';
import { loadReconcileApps } from './reconcile.repo';
import { assertReferences } from './references.repo';
import { refreshPlannerStats } from '../../db/maintenance';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'org' | 'actor' | 'now'>;
type Options = z.output<typeof importOptionsBody>;
type CommitOptions = z.output<typeof importCommitBody>;

const MAX_LISTED = 500;
const PREVIEW_ROWS = 100;
/** Rows per INSERT statement (one JSON parameter each). */
const INSERT_BATCH = 5000;
const ANALYZE_AFTER_ROWS = 5000;

/** The staged upload's bytes; a file gone from storage reads as no longer available. */
async function readStaged(deps: ServiceDeps, key: string): Promise<Buffer> {
  const file = await deps.storage.get(key);
  if (!file) throw conflict('The uploaded file is no longer available; upload it again.');
  return buffer(file.stream);
}

export async function uploadStatement(
  deps: ServiceDeps,
  ctx: Ctx,
  file: { buffer: Buffer; fileName: string },
) {
  if (file.buffer.length === 0) throw new AppError('bad_request', 'The file is empty.');
  const statement = await readStatement(file.fileName, file.buffer);
  const inspection = inspectStatement(statement, ctx.org.currency);
  if (inspection.rowCount === 0) throw new AppError('bad_request', 'No transactions found in this file.');
  const now = deps.clock.now();
  const batch = await insertImportBatch(deps.db, {
    organizationId: ctx.orgId,
    fileName: file.fileName.slice(0, 255),
    fileSize: file.buffer.length,
    format: inspection.format,
    mapping: inspection.mapping,
    rowCount: inspection.rowCount,
    createdBy: ctx.userId,
    createdAt: now,
  });
  const key = `${ctx.orgId}/imports/${batch.id}`;
  await deps.storage.put(key, file.buffer, { contentType: 'text/plain' });
  await updateImportBatch(deps.db, null, batch.id, { storageKey: key });
  return {
    batchId: batch.id,
    fileName: batch.fileName,
    format: inspection.format,
    headers: inspection.headers,
    sampleRows: inspection.sampleRows,
    delimiter: inspection.delimiter,
    mapping: inspection.mapping,
    dateFormatAmbiguous: inspection.dateFormatAmbiguous,
    rowCount: inspection.rowCount,
  };
}

interface PreparedRow {
  row: StatementRow;
  values: BulkRow;
  existing: ExistingMatch | null;
  duplicateOfRow: number | null;
  subscriptionName: string | null;
}

/** The staged file of a batch, read before a transaction (storage may share its connection). */
async function readBatchFile(deps: ServiceDeps, ctx: Ctx, batchId: string): Promise<StagedFile> {
  const batch = await findBatch(deps.db, ctx.orgId, batchId);
  if (batch.status === 'committed') throw conflict('This file has already been imported.');
  if (!batch.storageKey) throw conflict('The uploaded file is no longer available; upload it again.');
  return { key: batch.storageKey, bytes: await readStaged(deps, batch.storageKey) };
}

interface StagedFile {
  key: string;
  bytes: Buffer;
}

/** Parses the staged file with the options and prepares each row as an expense. */
async function prepare(
  db: DbOrTx,
  ctx: Ctx,
  batchId: string,
  options: Options,
  staged: StagedFile,
  lock: boolean,
) {
  const batch = await findBatch(db, ctx.orgId, batchId, lock);
  if (batch.status === 'committed') throw conflict('This file has already been imported.');
  if (batch.storageKey !== staged.key) {
    throw conflict('The uploaded file is no longer available; upload it again.');
  }
  if (options.paymentMethodId)
    await assertReferences(db, ctx.orgId, { paymentMethodId: options.paymentMethodId });
  const statement = await readStatement(batch.fileName, staged.bytes);
  const mapping = options.mapping ?? batch.mapping;
  if (batch.format === 'csv' && !mapping) {
    throw new AppError('validation_error', 'Choose which columns hold the date, amount and merchant.', {
      fields: [{ field: 'mapping', message: 'Required for this file' }],
    });
  }
  const parsed = parseStatement(statement, mapping, {
    defaultCurrency: options.defaultCurrency ?? ctx.org.currency,
    includeCredits: options.includeCredits,
  });
  const match = await matcherFor(db, ctx.orgId);
  const apps = await loadReconcileApps(db, ctx.orgId);
  const tolerance = await costAlertTolerance(db, ctx.orgId);
  const categories = new Map(
    (await listItems(db, ctx.orgId, 'categories')).map((c) => [c.name.toLowerCase(), c.id] as const),
  );
  const prepared: PreparedRow[] = parsed.rows.map((row) => {
    const outcome = match(row.merchant);
    const app = outcome.subscriptionId ? apps.get(outcome.subscriptionId) : undefined;
    return {
      row,
      existing: null,
      duplicateOfRow: null,
      subscriptionName: app?.name ?? null,
      values: {
        date: row.date,
        amountMinor: row.amountMinor,
        currency: row.currency,
        merchant: row.merchant,
        description: row.description,
        externalId: row.externalId,
        invoiceNumber: row.invoiceNumber,
        ...matchColumns(outcome),
        vendorId: outcome.vendorId,
        categoryId:
          (row.category ? categories.get(row.category.toLowerCase()) : undefined) ?? outcome.categoryId,
        ...chargeFlags(app, row, tolerance),
      },
    };
  });
  await findDuplicates(db, ctx.orgId, prepared);
  return { batch, parsed, prepared };
}

function previewRow(p: PreparedRow) {
  return {
    line: p.row.line,
    date: p.row.date,
    amountMinor: p.row.amountMinor,
    currency: p.row.currency,
    merchant: p.row.merchant,
    merchantName: p.values.merchantName ?? p.row.merchant,
    description: p.row.description,
    subscriptionId: p.values.subscriptionId ?? null,
    subscriptionName: p.subscriptionName,
    matchStatus: p.values.matchStatus ?? 'unmatched',
    duplicate: duplicateKind(p),
    existing: p.existing,
    duplicateOfRow: p.duplicateOfRow,
  };
}

function totalsOf(rows: PreparedRow[]) {
  const totals = new Map<string, { currency: string; amountMinor: number; count: number }>();
  for (const { row } of rows) {
    const t = totals.get(row.currency) ?? { currency: row.currency, amountMinor: 0, count: 0 };
    t.amountMinor += row.amountMinor;
    t.count += 1;
    totals.set(row.currency, t);
  }
  return [...totals.values()].sort((a, b) => b.count - a.count);
}

export async function previewImport(deps: ServiceDeps, ctx: Ctx, batchId: string, options: Options) {
  const staged = await readBatchFile(deps, ctx, batchId);
  const { parsed, prepared } = await prepare(deps.db, ctx, batchId, options, staged, false);
  if (options.mapping) {
    await updateImportBatch(deps.db, ctx.orgId, batchId, { mapping: options.mapping });
  }
  const duplicates = prepared.filter((p) => duplicateKind(p));
  const dates = prepared.map((p) => p.row.date).sort();
  return {
    batchId,
    counts: {
      rows: prepared.length + parsed.errors.length + parsed.skipped,
      valid: prepared.length,
      errors: parsed.errors.length,
      duplicates: duplicates.length,
      matched: prepared.filter((p) => p.values.matchStatus === 'matched').length,
      skipped: parsed.skipped,
    },
    errors: parsed.errors.slice(0, MAX_LISTED),
    duplicates: duplicates.slice(0, MAX_LISTED).map(previewRow),
    rows: prepared.slice(0, PREVIEW_ROWS).map(previewRow),
    totals: totalsOf(prepared),
    dateRange: dates.length > 0 ? { from: dates[0], to: dates[dates.length - 1] } : null,
  };
}

/**
 * Imports the file in one transaction: every row or none. Rows with errors block the import unless
 * `skipInvalidRows`; duplicates are left out unless kept.
 */
export async function commitImport(
  deps: ServiceDeps,
  ctx: Ctx,
  batchId: string,
  options: CommitOptions,
  onProgress: OnProgress = ignoreProgress,
) {
  const now = deps.clock.now();
  await onProgress({ phase: 'checking', done: 0, total: 0 });
  const staged = await readBatchFile(deps, ctx, batchId);
  const result = await deps.db.transaction(async (tx) => {
    const { batch, parsed, prepared } = await prepare(tx, ctx, batchId, options, staged, true);
    if (parsed.errors.length > 0 && !options.skipInvalidRows) {
      throw new AppError(
        'validation_error',
        `${parsed.errors.length} row(s) cannot be read. Fix them or choose to skip them.`,
        { errors: parsed.errors.slice(0, MAX_LISTED) },
      );
    }
    const decisions = statementDecisions(options);
    assertKnownDecisionRows(
      prepared.map((p) => p.row.line),
      decisions,
    );
    const decided = partitionRows(prepared, decisions, (p) => p.row.line);
    const chosen = decided.create;
    const common = {
      organizationId: ctx.orgId,
      source: batch.format,
      importBatchId: batch.id,
      paymentMethodId: options.paymentMethodId ?? null,
      createdBy: ctx.userId,
      now,
    };
    const nextId = orderedIdSequence(now);
    for (let i = 0; i < chosen.length; i += INSERT_BATCH) {
      await onProgress({ phase: 'saving', done: i, total: chosen.length });
      const rows = chosen.slice(i, i + INSERT_BATCH).map((p) => ({ ...p.values, id: nextId() }));
      await bulkInsertExpenses(tx, common, rows);
    }
    const updatedIds = await updateBookedExpenses(
      tx,
      ctx.orgId,
      decided.update.map((p) => ({
        existingId: p.existing.id,
        row: p.row,
        categoryId: p.row.category ? p.values.categoryId : undefined,
      })),
      { paymentMethodId: options.paymentMethodId ?? null, now },
    );
    await onProgress({ phase: 'finishing', done: chosen.length, total: chosen.length });
    const counts = {
      imported: chosen.length,
      created: chosen.length,
      updated: updatedIds.length,
      skippedExisting: decided.skip.length,
      skippedDuplicates: decided.skip.length,
      skippedInvalid: parsed.errors.length,
      matched: chosen.filter((p) => p.values.matchStatus === 'matched').length,
    };
    await updateImportBatch(tx, null, batch.id, {
      status: 'committed',
      committedAt: now,
      storageKey: null,
      importedCount: counts.imported,
      skippedCount: counts.skippedDuplicates + counts.skippedInvalid,
      ...(options.mapping ? { mapping: options.mapping } : {}),
    });
    await recordAudit(tx, ctx, {
      action: 'expense.import',
      entityType: 'expense_import',
      entityId: batch.id,
      changes: { fileName: batch.fileName, format: batch.format, ...counts },
    });
    if (chosen.length > 0) await markSetupStep(tx, ctx.orgId, 'importExpenses', now);
    // Flags were computed before insert: the cost alerts are due for the recent flagged charges.
    const today = todayInTimeZone(deps.clock.now());
    const flaggedIds = await flaggedExpenseIds(
      tx,
      ctx.orgId,
      addDays(today, -COST_ALERT_WINDOW_DAYS),
      batch.id,
    );
    await publishEvent(
      tx,
      ctx.orgId,
      'expense.recorded',
      { expenseIds: [...flaggedIds, ...updatedIds] },
      now,
    );
    return { batch, counts, errors: parsed.errors.slice(0, MAX_LISTED) };
  });
  if (result.batch.storageKey) await deps.storage.delete(result.batch.storageKey);
  // The embedded database has no autovacuum: refresh the planner's statistics after a large import,
  // or ledger queries may keep plans made for a much smaller table.
  if (result.counts.imported >= ANALYZE_AFTER_ROWS) await refreshPlannerStats(deps.db, ['expenses']);
  return { batchId, ...result.counts, errors: result.errors };
}

export async function listImports(deps: ServiceDeps, ctx: Pick<Ctx, 'orgId'>) {
  return listImportBatches(deps.db, ctx.orgId);
}

/** Undoes an import: its expenses go, and so does the staged file of an uncommitted one. */
export async function deleteImport(deps: ServiceDeps, ctx: Ctx, batchId: string) {
  const now = deps.clock.now();
  const batch = await deps.db.transaction(async (tx) => {
    const row = await findBatch(tx, ctx.orgId, batchId, true);
    const removed = await deleteImportBatch(tx, ctx.orgId, batchId);
    await recordAudit(tx, ctx, {
      action: 'expense.import_undo',
      entityType: 'expense_import',
      entityId: batchId,
      changes: { fileName: row.fileName, removed: removed.length },
    });
    await publishEvent(tx, ctx.orgId, 'expense.removed', { expenseIds: removed.map((r) => r.id) }, now);
    return { row, documents: removed.map((r) => r.documentKey) };
  });
  if (batch.row.storageKey) await deps.storage.delete(batch.row.storageKey);
  await removeDocuments(deps, batch.documents);
}
