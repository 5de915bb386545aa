// Turns an HR export into a plan: which rows create, update or leave people unchanged, which are
// bad and why. Pure: the service feeds it the parsed file and the organization's people.

import { displayName } from '../../../common/display-name';
import { emailSchema } from '../../../common/contracts/auth';
import type { PeopleImportMapping, PeopleImportRow } from '../../../common/contracts/people-import';
import { rowError, type ImportRowError } from '../../../common/contracts/import-rows';
import { parseLooseCalendarDate } from '../../../common/tabular/dates';
import type { NamedTable } from '../../lib/tabular/named-table';
import type { PersonRow } from './people.repo';

/** The person fields a row sets; undefined = column not mapped (leave as is). */
export interface PersonValues {
  email: string;
  firstName?: string;
  lastName?: string;
  department?: string | null;
  team?: string | null;
  title?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

export interface PlannedRow extends PeopleImportRow {
  values: PersonValues | null;
  /** Manager e-mail from the file (lower case), resolved to an id at commit; null clears it. */
  managerEmail?: string | null;
  /** The person with this e-mail already in Stackwise. */
  person: PersonRow | null;
}

const LIMITS = { firstName: 100, lastName: 100, department: 100, team: 100, title: 150 } as const;

function splitName(full: string): { firstName: string; lastName: string } {
  const text = full.trim();
  if (text.includes(',')) {
    const [last, first] = text.split(',', 2).map((s) => s.trim()); // "Lovelace, Ada"
    return { firstName: first, lastName: last };
  }
  const at = text.lastIndexOf(' ');
  return at < 0
    ? { firstName: text, lastName: '' }
    : { firstName: text.slice(0, at), lastName: text.slice(at + 1) };
}

function readRow(
  cells: Record<string, string>,
  mapping: PeopleImportMapping,
  fail: (field: string | null, message: string) => void,
) {
  const cell = (field: keyof PeopleImportMapping) => {
    const header = mapping[field];
    return header ? (cells[header] ?? '') : undefined;
  };
  const rawEmail = cell('email') ?? '';
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success)
    fail('email', rawEmail ? `"${rawEmail}" is not a valid e-mail address` : 'E-mail is missing');
  const values: Omit<PersonValues, 'email'> = {};
  let first = cell('firstName');
  let last = cell('lastName');
  const full = cell('fullName');
  if (full && !first && !last) ({ firstName: first, lastName: last } = splitName(full));
  if (first) values.firstName = first;
  if (last) values.lastName = last;
  for (const field of ['department', 'team', 'title'] as const) {
    const value = cell(field);
    if (value !== undefined) values[field] = value || null;
  }
  for (const [field, max] of Object.entries(LIMITS) as Array<[keyof typeof LIMITS, number]>) {
    const value = values[field];
    if (value && value.length > max) fail(field, `${field} is longer than ${max} characters`);
  }
  for (const field of ['startDate', 'endDate'] as const) {
    const raw = cell(field);
    if (raw === undefined) continue;
    const parsed = parseLooseCalendarDate(raw);
    if (parsed.ok) values[field] = parsed.value;
    else fail(field, `${field === 'startDate' ? 'Start' : 'End'} date "${raw}" is not a date`);
  }
  if (values.startDate && values.endDate && values.endDate < values.startDate) {
    fail('endDate', 'End date is before the start date');
  }
  const manager = cell('managerEmail');
  return {
    email: email.success ? email.data.toLowerCase() : null,
    values,
    managerEmail: manager === undefined ? undefined : manager.trim().toLowerCase() || null,
  };
}

function changedFields(existing: PersonRow, values: PersonValues): string[] {
  return (Object.keys(values) as Array<keyof PersonValues>).filter(
    (key) => key !== 'email' && values[key] !== undefined && (existing[key] ?? null) !== values[key],
  );
}

/** Plans every row of the file against the organization's people (matched by e-mail). */
export function planPeopleImport(
  csv: NamedTable,
  mapping: PeopleImportMapping,
  existingPeople: PersonRow[],
): PlannedRow[] {
  const byEmail = new Map(existingPeople.map((p) => [p.email.toLowerCase(), p]));
  const byId = new Map(existingPeople.map((p) => [p.id, p]));
  const fileEmails = new Map<string, number>();
  for (const row of csv.rows) {
    const raw = mapping.email ? row.cells[mapping.email]?.trim().toLowerCase() : '';
    if (raw && !fileEmails.has(raw)) fileEmails.set(raw, row.line);
  }
  return csv.rows.map(({ line, cells }) => {
    const errors: ImportRowError[] = [];
    const fail = (field: string | null, message: string) => errors.push(rowError(line, field, message));
    const warnings: string[] = [];
    const read = readRow(cells, mapping, fail);
    const firstLine = read.email ? fileEmails.get(read.email) : undefined;
    const duplicateOfRow = firstLine !== undefined && firstLine !== line ? firstLine : null;
    // One e-mail is one person: a repeat cannot be created or applied twice.
    if (duplicateOfRow !== null) fail('email', `Duplicate of line ${duplicateOfRow}`);
    const existing = read.email ? (byEmail.get(read.email) ?? null) : null;
    const changes =
      existing && read.email ? changedFields(existing, { email: read.email, ...read.values }) : [];
    if (read.managerEmail !== undefined) {
      const known =
        read.managerEmail && (byEmail.has(read.managerEmail) || fileEmails.has(read.managerEmail));
      if (read.managerEmail && read.managerEmail === read.email) {
        warnings.push('A person cannot be their own manager; manager left empty');
        read.managerEmail = null;
      } else if (read.managerEmail && !known) {
        warnings.push(`Manager ${read.managerEmail} is not in People or this file; manager left empty`);
        read.managerEmail = null;
      }
      const currentManager = existing?.managerId ? byId.get(existing.managerId)?.email.toLowerCase() : null;
      if (existing && (currentManager ?? null) !== read.managerEmail) changes.push('manager');
    }
    if (existing?.status === 'offboarded') {
      warnings.push('Offboarded in Stackwise; reactivate them by hand if they are back');
    }
    const name = displayName({
      firstName: read.values.firstName ?? existing?.firstName,
      lastName: read.values.lastName ?? existing?.lastName,
      email: read.email,
    });
    const action =
      errors.length > 0 ? 'error' : !existing ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
    return {
      line,
      action,
      email: read.email,
      name,
      department: read.values.department ?? existing?.department ?? null,
      changes,
      errors,
      warnings,
      values: read.email && errors.length === 0 ? { email: read.email, ...read.values } : null,
      managerEmail: read.managerEmail,
      person: existing,
      existing: existing
        ? {
            id: existing.id,
            label: displayName(existing),
            matchedBy: 'email' as const,
          }
        : null,
      duplicateOfRow,
    };
  });
}
