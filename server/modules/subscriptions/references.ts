// Ids an application points at must belong to the same organization (and the right list); a foreign
// or unknown id is a 400 naming the field, never a silent cross-tenant link.
import type { SettingsList } from '../../../common/contracts/settings-lists';
import type { DbOrTx } from '../../db/client';
import { existingIds } from '../settings-lists';
import { findVendor } from '../vendors';
import { memberIds } from './subscriptions.repo';

export interface ReferenceInput {
  vendorId?: string | null;
  categoryId?: string | null;
  paymentMethodId?: string | null;
  tagIds?: string[];
  addTagIds?: string[];
  removeTagIds?: string[];
  useCaseIds?: string[];
  projectIds?: string[];
  ownerUserId?: string | null;
}

export type FieldIssue = { field: string; message: string };

const LISTS: Array<[keyof ReferenceInput, SettingsList, string]> = [
  ['categoryId', 'categories', 'Unknown category'],
  ['paymentMethodId', 'payment-methods', 'Unknown payment method'],
  ['tagIds', 'tags', 'Unknown tag'],
  ['addTagIds', 'tags', 'Unknown tag'],
  ['removeTagIds', 'tags', 'Unknown tag'],
  ['useCaseIds', 'use-cases', 'Unknown use case'],
  ['projectIds', 'projects', 'Unknown project'],
];

export async function referenceIssues(
  db: DbOrTx,
  orgId: string,
  input: ReferenceInput,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (input.vendorId && !(await findVendor(db, orgId, input.vendorId))) {
    issues.push({ field: 'vendorId', message: 'Unknown vendor' });
  }
  for (const [field, list, message] of LISTS) {
    const value = input[field];
    const ids = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    if (ids.length === 0) continue;
    const found = await existingIds(db, orgId, list, ids);
    if (ids.some((id) => !found.has(id))) issues.push({ field, message });
  }
  if (input.ownerUserId) {
    const members = await memberIds(db, orgId, [input.ownerUserId]);
    if (!members.has(input.ownerUserId)) {
      issues.push({ field: 'ownerUserId', message: 'The owner must be a member of this organization' });
    }
  }
  return issues;
}

/** Removes duplicates, keeping the first occurrence's order. */
export function uniqueIds(ids: string[] | undefined): string[] | undefined {
  return ids ? [...new Set(ids)] : undefined;
}
