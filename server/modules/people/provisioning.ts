import type { PersonSource } from '../../../common/contracts/people';
import type { Tx } from '../../db/client';
import { recomputeRuleAllocations } from '../entities';
import { openLicensesOfPeople } from '../licenses';
import * as repo from './people.repo';

/** What an identity provider keeps in sync for a person (SCIM, a directory connector); status changes go through offboarding. */
export type ProvisionedFields = Pick<
  repo.PersonInsert,
  'email' | 'firstName' | 'lastName' | 'title' | 'department' | 'managerId' | 'externalId'
>;

/** Inserts a person pushed by the identity provider, in the caller's transaction (it audits). */
export async function insertProvisionedPerson(
  tx: Tx,
  orgId: string,
  fields: ProvisionedFields,
  now: Date,
  source: PersonSource = 'scim',
) {
  return repo.insertPerson(tx, {
    ...fields,
    organizationId: orgId,
    source,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Updates a person from the identity provider (or adopts one entered by hand or CSV: the source
 * becomes the provider's, `scim` unless said), in the caller's transaction. Applications split by license holders follow a
 * department change, as with an edit on the People page.
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
  if (fields.department !== undefined && fields.department !== before.department) {
    const seats = await openLicensesOfPeople(tx, orgId, [before.id]);
    await recomputeRuleAllocations(tx, orgId, [...new Set(seats.map((s) => s.subscriptionId))]);
  }
  return row!;
}
