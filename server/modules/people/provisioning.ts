import type { PersonSource } from '../../../common/contracts/people';
import type { Tx } from '../../db/client';
import { recomputeRuleAllocations } from '../entities';
import { openLicensesOfPeople } from '../licenses';
import * as repo from './people.repo';

/** What an identity provider keeps in sync for a person (SCIM, a directory connector); status changes go through offboarding. */
export type ProvisionedFields = Omit<repo.ProvisionedRow, 'id'>;

/** Inserts a person pushed by the identity provider, in the caller's transaction (it audits). */
export async function insertProvisionedPerson(
  tx: Tx,
  orgId: string,
  fields: ProvisionedFields,
  now: Date,
  source: PersonSource = 'scim',
) {
  const [row] = await insertProvisionedPeople(tx, orgId, [fields], now, source);
  return row;
}

/** insertProvisionedPerson for a directory's page: one multi-row insert; answers the rows in order. */
export async function insertProvisionedPeople(
  tx: Tx,
  orgId: string,
  list: ProvisionedFields[],
  now: Date,
  source: PersonSource,
) {
  return repo.insertPeople(
    tx,
    list.map((fields) => ({ ...fields, organizationId: orgId, source, createdAt: now, updatedAt: now })),
  );
}

/** Applications split by license holders follow their holders' department change, as with an edit on the People page. */
async function followDepartmentChanges(tx: Tx, orgId: string, personIds: string[]) {
  if (personIds.length === 0) return;
  const seats = await openLicensesOfPeople(tx, orgId, personIds);
  await recomputeRuleAllocations(tx, orgId, [...new Set(seats.map((s) => s.subscriptionId))]);
}

/**
 * Updates a person from the identity provider (or adopts one entered by hand or CSV: the source
 * becomes the provider's, `scim` unless said), in the caller's transaction.
 */
export async function updateProvisionedPerson(
  tx: Tx,
  orgId: string,
  before: repo.PersonRow,
  fields: Partial<ProvisionedFields>,
  now: Date,
  source: PersonSource = 'scim',
) {
  const row = await repo.updatePerson(tx, orgId, before.id, { ...fields, source, updatedAt: now });
  if (fields.department !== undefined && fields.department !== before.department)
    await followDepartmentChanges(tx, orgId, [before.id]);
  return row!;
}

/** updateProvisionedPerson for a directory's page: every field set, in batched statements. */
export async function updateProvisionedPeople(
  tx: Tx,
  orgId: string,
  changes: Array<{ before: repo.PersonRow; fields: ProvisionedFields }>,
  now: Date,
  source: PersonSource,
) {
  await repo.updateProvisionedRows(
    tx,
    orgId,
    changes.map((c) => ({ ...c.fields, id: c.before.id })),
    source,
    now,
  );
  await followDepartmentChanges(
    tx,
    orgId,
    changes.filter((c) => c.fields.department !== c.before.department).map((c) => c.before.id),
  );
}
