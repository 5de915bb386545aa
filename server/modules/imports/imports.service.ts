// CSV/XLSX import: preview (parse, map, validate, keep the file) → commit (all-or-nothing or good rows only).
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../common/contracts/imports';
import { AppError, badRequest, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { ignoreProgress, type OnProgress } from '../../lib/progress-reply';
import { readTableText, type Table } from '../../lib/tabular/read-table';
import { commitRows, rowErrorsOf } from './commit';
import { appAllowance, membersByEmail } from '../subscriptions';
import { matchExistingApps, type MatchedImportRow } from './existing-apps';
import * as repo from './imports.repo';
import { autoMapping, columnFields } from './mapping';
import type { DateOrder } from './parse-values';
import { dollarCurrencyFor } from '../../../common/tabular/money';
import { detectDateOrder, validateRow, type RawRecord } from './rows';
import type { ImportDecisions } from '../../../common/contracts/import-existing';

const PREVIEW_ROWS = 20;
const MAX_MATCHED = 1000;
const MAX_ROWS = 50_000;
const KEEP_MS = 24 * 60 * 60 * 1000;

export type DateFormat = 'auto' | DateOrder;

interface Sheet {
  delimiter: string;
  header: string[];
  rows: string[][];
  /** The file line where each row starts (header = line 1). */
  lines: number[];
}

/** The table's header and rows, refused when empty or too long to import at once. */
function sheetOf(table: Table): Sheet {
  const [header = [], ...rows] = table.records;
  if (header.length === 0) throw badRequest('The file is empty.');
  if (rows.length === 0) throw badRequest('The file has a header row but no applications under it.');
  if (rows.length > MAX_ROWS)
    throw badRequest(`At most ${MAX_ROWS.toLocaleString('en-US')} rows per import; split the file.`);
  return {
    delimiter: table.delimiter ?? ',',
    header: header.map((h) => h.trim()),
    rows,
    lines: table.lines.slice(1),
  };
}

function checkMapping(mapping: ImportMapping, header: string[]) {
  const fields: Array<{ field: string; message: string }> = [];
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index !== undefined && index !== null && index >= header.length) {
      fields.push({ field: `mapping.${field}`, message: `There is no column ${index + 1}` });
    }
  }
  if (mapping.name === undefined || mapping.name === null)
    fields.push({ field: 'mapping.name', message: 'Choose the column with the application name' });
  if (fields.length > 0)
    throw new AppError('validation_error', fields.map((f) => f.message).join('; '), { fields });
}

function records(parsed: Sheet, mapping: ImportMapping): RawRecord[] {
  const used = IMPORT_FIELDS.filter((f) => mapping[f] !== undefined && mapping[f] !== null);
  return parsed.rows.map((cells) => {
    const record: RawRecord = {};
    for (const field of used) record[field] = cells[mapping[field] as number] ?? '';
    return record;
  });
}

/** Validates import rows against the organization (members, currency, date order) and its applications. */
export async function validateRecords(
  deps: ServiceDeps,
  ctx: RequestContext,
  raw: RawRecord[],
  lines: number[],
  dateFormat: DateFormat,
) {
  const members = new Map(
    (await membersByEmail(deps.db, ctx.orgId)).map((m) => [m.email.toLowerCase(), m.id]),
  );
  const fallback: DateOrder = ctx.org.currency === 'USD' ? 'mdy' : 'dmy';
  const dateOrder = dateFormat === 'auto' ? detectDateOrder(raw, fallback) : dateFormat;
  const rowCtx = {
    orgCurrency: ctx.org.currency,
    dollarCurrency: dollarCurrencyFor(ctx.org.currency),
    dateOrder,
    members,
    catalogCache: new Map(),
  };
  const rows = raw.map((record, i) => validateRow(i + 1, lines[i] ?? i + 2, record, rowCtx));
  return matchExistingApps(deps.db, ctx.orgId, rows);
}

/** Valid rows that match an existing application or an earlier row, for the user to decide. */
export function matchedRows(rows: MatchedImportRow[]) {
  const matched = rows.flatMap((r) =>
    r.candidate && (r.existing || r.duplicateOfRow !== null)
      ? [
          {
            row: r.row,
            name: r.candidate.name,
            vendor: r.candidate.vendor,
            amountMinor: r.candidate.amountMinor,
            currency: r.candidate.currency,
            existing: r.existing,
            duplicateOfRow: r.duplicateOfRow,
          },
        ]
      : [],
  );
  return { matched: matched.slice(0, MAX_MATCHED), matchedRows: matched.length };
}

export function previewRows(rows: MatchedImportRow[]) {
  return rows.slice(0, PREVIEW_ROWS).map((r) => {
    const c = r.candidate;
    const cell = (f: ImportField) => r.raw[f]?.trim() || null;
    return {
      row: r.row,
      name: c?.name ?? cell('name'),
      vendor: c ? c.vendor : cell('vendor'),
      amountMinor: c ? c.amountMinor : null,
      currency: c ? c.currency : cell('currency'),
      billingCycle: c ? c.billingCycle : cell('billingCycle'),
      nextRenewalDate: c ? c.nextRenewalDate : cell('nextRenewalDate'),
      seats: c ? c.seats : null,
      ownerEmail: c ? c.ownerEmail : cell('ownerEmail'),
      category: c ? c.category : cell('category'),
      status: c ? c.status : cell('status'),
      errors: r.errors,
      existing: r.existing,
      duplicateOfRow: r.duplicateOfRow,
    };
  });
}

async function buildPreview(
  deps: ServiceDeps,
  ctx: RequestContext,
  importRow: repo.ImportRow,
  parsed: Sheet,
  mapping: ImportMapping,
  dateFormat: DateFormat,
) {
  checkMapping(mapping, parsed.header);
  const rows = await validateRecords(deps, ctx, records(parsed, mapping), parsed.lines, dateFormat);
  const valid = rows.filter((r) => r.candidate).length;
  const { current, limit } = await appAllowance(deps.db, ctx.orgId, deps.clock.now(), { lock: false });
  const fields = columnFields(parsed.header, mapping);
  return {
    importId: importRow.id,
    filename: importRow.filename,
    delimiter: parsed.delimiter,
    columns: parsed.header.map((header, index) => ({
      index,
      header,
      field: fields[index],
      samples: parsed.rows.slice(0, 3).map((r) => r[index] ?? ''),
    })),
    mapping,
    unmappedFields: IMPORT_FIELDS.filter((f) => mapping[f] === undefined || mapping[f] === null),
    totalRows: rows.length,
    validRows: valid,
    invalidRows: rows.length - valid,
    rows: previewRows(rows),
    errors: rowErrorsOf(rows),
    ...matchedRows(rows),
    planLimit: { limit, current, wouldExceed: limit !== null && current + valid > limit },
  };
}

/**
 * Keeps the upload (as CSV text: a workbook's sheet is written out), maps its columns
 * automatically and checks every row.
 */
export async function previewCsv(
  deps: ServiceDeps,
  ctx: RequestContext,
  table: Table,
  filename: string | null,
) {
  const parsed = sheetOf(table);
  const row = await repo.insertImport(deps.db, {
    organizationId: ctx.orgId,
    createdBy: ctx.userId,
    kind: 'csv',
    filename,
    content: table.text,
    totalRows: parsed.rows.length,
  });
  return buildPreview(deps, ctx, row, parsed, autoMapping(parsed.header), 'auto');
}

async function loadPending(deps: ServiceDeps, ctx: RequestContext, importId: string) {
  const row = await repo.findImport(deps.db, ctx.orgId, importId);
  if (!row || row.kind !== 'csv') throw notFound('Import');
  if (row.status !== 'previewed' || row.content === null)
    throw new AppError('conflict', 'This import was already committed.');
  if (deps.clock.now().getTime() - row.createdAt.getTime() > KEEP_MS)
    throw new AppError('conflict', 'This upload has expired; upload the file again.');
  return row;
}

/** The preview again with an edited mapping or date format, without uploading the file again. */
export async function remapCsv(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: { importId: string; mapping: ImportMapping; dateFormat: DateFormat },
) {
  const row = await loadPending(deps, ctx, input.importId);
  return buildPreview(
    deps,
    ctx,
    row,
    sheetOf(readTableText(row.content ?? '')),
    input.mapping,
    input.dateFormat,
  );
}

export interface CommitInput {
  importId?: string;
  csv?: string;
  mapping?: ImportMapping;
  dateFormat: DateFormat;
  skipInvalid: boolean;
  decisions?: ImportDecisions;
}

/**
 * Stores the rows in ONE transaction. Any invalid row without skipInvalid → 400 listing the rows and
 * nothing stored; a failure while storing rolls everything back and marks the import failed.
 */
export async function commitCsv(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: CommitInput,
  onProgress: OnProgress = ignoreProgress,
) {
  const pending = input.importId ? await loadPending(deps, ctx, input.importId) : null;
  const parsed = sheetOf(readTableText(pending ? pending.content! : input.csv!));
  await onProgress({ phase: 'checking', done: 0, total: parsed.rows.length });
  const mapping = input.mapping ?? autoMapping(parsed.header);
  checkMapping(mapping, parsed.header);
  const rows = await validateRecords(deps, ctx, records(parsed, mapping), parsed.lines, input.dateFormat);
  return commitRows(deps, ctx, {
    kind: 'csv',
    pending,
    rows,
    skipInvalid: input.skipInvalid,
    decisions: input.decisions,
    noun: 'rows',
    onProgress,
  });
}

export async function importStatus(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await repo.findImport(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Import');
  return row;
}
