import { isLiveApplication, notArchived } from '../../db/live-applications';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIVE_CONTRACT_STATUSES, type ContractStatus } from '../../../common/contracts/contracts';
import type { DbOrTx } from '../../db/client';
import { contractDocuments, contracts } from '../../db/schema';
import { subscriptionsOf } from '../subscriptions';
import { clearReferencesTo } from '../../db/clear-references';

export type ContractRow = typeof contracts.$inferSelect;
export type NewContract = typeof contracts.$inferInsert;
export type DocumentRow = typeof contractDocuments.$inferSelect;

const successor = alias(contracts, 'successor');

export interface ContractFilter {
  subscriptionId?: string;
  status?: ContractStatus;
  /** Live contracts ending from `from` through `until`. */
  ending?: { from: string; until: string };
}

/** Contracts with their application's name and the id of the contract that renewed each. */
export async function listContracts(db: DbOrTx, orgId: string, filter: ContractFilter & { id?: string }) {
  const subscriptions = subscriptionsOf(orgId);
  const conditions: Array<SQL | undefined> = [
    eq(contracts.organizationId, orgId),
    notArchived(subscriptions),
    filter.id ? eq(contracts.id, filter.id) : undefined,
    filter.subscriptionId ? eq(contracts.subscriptionId, filter.subscriptionId) : undefined,
    filter.status ? eq(contracts.status, filter.status) : undefined,
  ];
  if (filter.ending) {
    conditions.push(
      inArray(contracts.status, [...LIVE_CONTRACT_STATUSES]),
      gte(contracts.endDate, filter.ending.from),
      lte(contracts.endDate, filter.ending.until),
    );
  }
  return db
    .select({
      contract: contracts,
      subscriptionName: subscriptions.name,
      replacedByContractId: successor.id,
    })
    .from(contracts)
    .innerJoin(subscriptions, eq(subscriptions.id, contracts.subscriptionId))
    .leftJoin(
      successor,
      and(eq(successor.replacesContractId, contracts.id), eq(successor.organizationId, orgId)),
    )
    .where(and(...conditions))
    .orderBy(asc(contracts.endDate), asc(contracts.createdAt));
}

export async function findContract(db: DbOrTx, orgId: string, id: string) {
  const [row] = await listContracts(db, orgId, { id });
  return row ?? null;
}

/** Whether the organization has this contract (on an application that is not archived). */
export async function contractExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  return (await findContract(db, orgId, id)) !== null;
}

export async function insertContract(db: DbOrTx, values: NewContract) {
  const [row] = await db.insert(contracts).values(values).returning();
  return row;
}

export async function updateContract(db: DbOrTx, orgId: string, id: string, values: Partial<NewContract>) {
  const [row] = await db
    .update(contracts)
    .set(values)
    .where(and(eq(contracts.organizationId, orgId), eq(contracts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContract(db: DbOrTx, orgId: string, id: string) {
  await clearReferencesTo(db, contracts, orgId, [id]);
  await db.delete(contracts).where(and(eq(contracts.organizationId, orgId), eq(contracts.id, id)));
}

/** The running contract that ends last: it decides the application's renewal date. */
export async function newestLiveContract(db: DbOrTx, orgId: string, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, orgId),
        eq(contracts.subscriptionId, subscriptionId),
        inArray(contracts.status, [...LIVE_CONTRACT_STATUSES]),
      ),
    )
    .orderBy(desc(contracts.endDate), desc(contracts.createdAt))
    .limit(1);
  return row ?? null;
}

/** The contract behind a renewal: not renewed or cancelled, ending on that date. */
export async function contractEndingOn(db: DbOrTx, orgId: string, subscriptionId: string, endDate: string) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, orgId),
        eq(contracts.subscriptionId, subscriptionId),
        eq(contracts.endDate, endDate),
        inArray(contracts.status, ['active', 'renewing', 'expired']),
      ),
    )
    .orderBy(desc(contracts.createdAt))
    .limit(1);
  return row ?? null;
}

export async function setContractsStatus(
  db: DbOrTx,
  orgId: string,
  subscriptionId: string,
  from: ContractStatus[],
  to: ContractStatus,
  now: Date,
) {
  return db
    .update(contracts)
    .set({ status: to, updatedAt: now })
    .where(
      and(
        eq(contracts.organizationId, orgId),
        eq(contracts.subscriptionId, subscriptionId),
        inArray(contracts.status, from),
      ),
    )
    .returning({ id: contracts.id });
}

export async function listDocuments(db: DbOrTx, orgId: string, contractIds: string[]) {
  if (contractIds.length === 0) return [];
  return db
    .select()
    .from(contractDocuments)
    .where(
      and(eq(contractDocuments.organizationId, orgId), inArray(contractDocuments.contractId, contractIds)),
    )
    .orderBy(asc(contractDocuments.createdAt));
}

export async function insertDocument(db: DbOrTx, values: typeof contractDocuments.$inferInsert) {
  const [row] = await db.insert(contractDocuments).values(values).returning();
  return row;
}

export async function findDocument(db: DbOrTx, orgId: string, contractId: string, id: string) {
  const [row] = await db
    .select()
    .from(contractDocuments)
    .where(
      and(
        eq(contractDocuments.organizationId, orgId),
        eq(contractDocuments.contractId, contractId),
        eq(contractDocuments.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteDocument(db: DbOrTx, orgId: string, id: string) {
  await db
    .delete(contractDocuments)
    .where(and(eq(contractDocuments.organizationId, orgId), eq(contractDocuments.id, id)));
}

/**
 * Running contracts that do not renew by themselves and ended before `today`, except the one an
 * application's open renewal still waits on (that one is settled by the renewal decision).
 */
export async function expireEndedContracts(db: DbOrTx, orgId: string, today: string, now: Date) {
  const s = subscriptionsOf(orgId, 's');
  return db
    .update(contracts)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(contracts.organizationId, orgId),
        inArray(contracts.status, [...LIVE_CONTRACT_STATUSES]),
        eq(contracts.autoRenew, false),
        lt(contracts.endDate, today),
        sql`not exists (select 1 from ${s} where ${s.id} = ${contracts.subscriptionId}
          and ${s.nextRenewalDate} = ${contracts.endDate}
          and ${isLiveApplication(s)})`,
      ),
    )
    .returning({ id: contracts.id, subscriptionId: contracts.subscriptionId });
}
