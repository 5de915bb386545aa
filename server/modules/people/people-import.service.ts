import { displayName } from '../../../common/display-name';
import type { z } from 'zod';
import {
  MAX_IMPORT_ROWS,
  PEOPLE_IMPORT_SYNONYMS,
  type PeopleImportMapping,
  type peopleImportBody,
} from '../../../common/contracts/people-import';
import { mappingByHeader, suggestMapping } from '../../../common/tabular/headers';
import { totalsByCurrency } from '../../../common/licenses';
import type { DbOrTx } from '../../db/client';
import type { ImportDecisions } from '../../../common/contracts/import-existing';
import { NO_DECISIONS, partitionRows } from '../../../common/import-decisions';
import { assertKnownDecisionRows } from '../../lib/tabular/existing';
import { AppError, invalidFields } from '../../errors';
import { namedTable, type NamedTable } from '../../lib/tabular/named-table';
import { readTableInput } from '../../lib/tabular/read-table';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { openLicensesOfPeople, presentPersonLicense } from '../licenses';
import { planPeopleImport, type PlannedRow } from './people-import.plan';
import * as repo from './people.repo';

type ImportInput = z.infer<typeof peopleImportBody>;

/** Reads the uploaded file (CSV in any encoding, or XLSX); a malformed file is a 4xx that names the problem. */
export async function readImportFile(input: { csv?: string; file?: string }): Promise<NamedTable> {
  return namedTable(await readTableInput(input), MAX_IMPORT_ROWS);
}

/** The suggestion from the headers, overridden field by field by the user's choices (null = unmapped). */
export function resolveMapping<F extends string>(
  headers: string[],
  suggested: Partial<Record<F, string>>,
  chosen: Partial<Record<F, string | null | undefined>> | undefined,
  required: F[],
): Partial<Record<F, string>> {
  const mapping: Partial<Record<F, string>> = { ...suggested };
  for (const [field, header] of Object.entries(chosen ?? {}) as Array<[F, string | null | undefined]>) {
    if (header === undefined) continue;
    if (header === null) delete mapping[field];
    else mapping[field] = header;
  }
  const fields = (Object.entries(mapping) as Array<[F, string]>)
    .filter(([, header]) => !headers.includes(header))
    .map(([field, header]) => ({ field: `mapping.${field}`, message: `The file has no column "${header}"` }));
  for (const field of required) {
    if (!mapping[field])
      fields.push({ field: `mapping.${field}`, message: 'Choose the column that holds this' });
  }
  if (fields.length > 0) {
    throw new AppError(
      'validation_error',
      `Check the column mapping — ${fields.map((f) => f.message).join('; ')}`,
      {
        fields,
      },
    );
  }
  return mapping;
}

async function offboardCandidates(
  db: DbOrTx,
  ctx: RequestContext,
  now: Date,
  existing: repo.PersonRow[],
  emails: Set<string>,
) {
  const missing = existing.filter((p) => p.status === 'active' && !emails.has(p.email.toLowerCase()));
  const seats = await openLicensesOfPeople(
    db,
    ctx.orgId,
    missing.map((p) => p.id),
  );
  return missing
    .map((p) => {
      const held = seats
        .filter((s) => s.personId === p.id)
        .map((s) => presentPersonLicense(s, now, ctx.org.licenseInactivityDays));
      return {
        id: p.id,
        email: p.email,
        name: displayName(p),
        department: p.department,
        openAssignments: held.length,
        yearlyCosts: totalsByCurrency(
          held.map((s) => ({ currency: s.currency, amountMinor: s.yearlyCostMinor })),
        ),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function plan(deps: ServiceDeps, ctx: RequestContext, input: ImportInput) {
  const csv = await readImportFile(input);
  const suggestedMapping = mappingByHeader(csv.headers, suggestMapping(csv.headers, PEOPLE_IMPORT_SYNONYMS));
  const mapping: PeopleImportMapping = resolveMapping(csv.headers, suggestedMapping, input.mapping, [
    'email',
  ]);
  const existing = await repo.allPeople(deps.db, ctx.orgId);
  const rows = planPeopleImport(csv, mapping, existing);
  const emails = new Set(rows.map((r) => r.email).filter((e): e is string => Boolean(e)));
  const candidates = input.fullImport
    ? await offboardCandidates(deps.db, ctx, deps.clock.now(), existing, emails)
    : [];
  return { csv, suggestedMapping, mapping, rows, candidates };
}

const count = (rows: PlannedRow[], action: PlannedRow['action']) =>
  rows.filter((r) => r.action === action).length;
const publicRow = ({ values: _v, managerEmail: _m, person: _p, ...row }: PlannedRow) => row;

/**
 * The user's choices for rows of people already in Stackwise: skip (default) or update. Create is
 * refused: an e-mail is one person.
 */
function applyDecisions(rows: PlannedRow[], decisions: ImportDecisions) {
  assertKnownDecisionRows(
    rows.map((r) => r.line),
    decisions,
  );
  const usable = rows.filter((r) => r.action !== 'error');
  const chosen = partitionRows(usable, decisions, (r) => r.line);
  const created = chosen.create.find((r) => r.existing);
  if (created) {
    throw invalidFields([
      {
        field: 'decisions',
        message: `${created.email} is already in People (line ${created.line}): choose skip or update`,
      },
    ]);
  }
  const skipped = new Set(chosen.skip.map((r) => r.line));
  return { kept: rows.filter((r) => !skipped.has(r.line)), skippedExisting: skipped.size };
}

export async function previewPeopleImport(deps: ServiceDeps, ctx: RequestContext, input: ImportInput) {
  const { csv, suggestedMapping, mapping, rows, candidates } = await plan(deps, ctx, input);
  return {
    headers: csv.headers,
    mapping,
    suggestedMapping,
    rows: rows.map(publicRow),
    summary: {
      rows: rows.length,
      create: count(rows, 'create'),
      update: count(rows, 'update'),
      unchanged: count(rows, 'unchanged'),
      error: count(rows, 'error'),
    },
    offboardCandidates: candidates,
  };
}

/** Applies the plan in one transaction: all rows, or only the good ones when skipInvalid is set. */
export async function commitPeopleImport(deps: ServiceDeps, ctx: RequestContext, input: ImportInput) {
  const { rows, candidates } = await plan(deps, ctx, input);
  const bad = rows.filter((r) => r.action === 'error');
  if (bad.length > 0 && !input.skipInvalid) {
    throw new AppError(
      'validation_error',
      `${bad.length} row${bad.length > 1 ? 's have' : ' has'} errors; nothing was imported.`,
      { errors: bad.flatMap((r) => r.errors) },
    );
  }
  const { kept, skippedExisting } = applyDecisions(rows, input.decisions ?? NO_DECISIONS);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const created = await repo.insertPeople(
      tx,
      kept
        .filter((r) => r.action === 'create')
        .map((r) => ({
          ...r.values!,
          organizationId: ctx.orgId,
          source: 'csv' as const,
          createdAt: now,
          updatedAt: now,
        })),
    );
    const ids = new Map((await repo.allPeople(tx, ctx.orgId)).map((p) => [p.email.toLowerCase(), p.id]));
    for (const row of kept) {
      if (row.action !== 'update' && row.action !== 'create') continue;
      const personId = row.person?.id ?? ids.get(row.email!)!;
      const managerId =
        row.managerEmail === undefined
          ? undefined
          : row.managerEmail
            ? (ids.get(row.managerEmail) ?? null)
            : null;
      if (row.action === 'update') {
        const { email: _email, ...values } = row.values!;
        await repo.updatePerson(tx, ctx.orgId, personId, { ...values, managerId, updatedAt: now });
      } else if (managerId) {
        await repo.updatePerson(tx, ctx.orgId, personId, { managerId });
      }
    }
    await recordAudit(tx, ctx, {
      action: 'person.import',
      entityType: 'person',
      changes: {
        created: created.map((p) => p.id),
        updated: kept.filter((r) => r.action === 'update').map((r) => r.person!.id),
        skipped: bad.map((r) => r.line),
      },
    });
  });
  return {
    created: count(kept, 'create'),
    updated: count(kept, 'update'),
    unchanged: count(kept, 'unchanged'),
    skipped: bad.length,
    errors: bad.flatMap((r) => r.errors),
    skippedExisting,
    offboardCandidates: candidates,
  };
}
