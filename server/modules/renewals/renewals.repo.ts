import { isLiveApplication } from '../../db/live-applications';
import { and, asc, desc, eq, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DecisionStatus } from '../../../common/contracts/renewals';
import type { DbOrTx } from '../../db/client';
import { renewalDecisions } from '../../db/schema';
import { everyColumnOf } from '../../db/sql-helpers';
import { allocatedTo } from '../entities';
import { userNames } from '../organizations';
import { subscriptionsOf } from '../subscriptions';
import { vendorsOf } from '../vendors';

export type { SubscriptionRow } from '../subscriptions';
export type DecisionRow = typeof renewalDecisions.$inferSelect;

export interface RenewalFilter {
  /** Renewal dates up to and including this day (overdue ones included). */
  until?: string;
  ownerUserId?: string;
  autoRenewOnly?: boolean;
  subscriptionId?: string;
  entityId?: string;
  brandId?: string;
}

/** Renewing applications with vendor, owner and the decision for their current renewal date. */
export async function listRenewalRows(db: DbOrTx, orgId: string, filter: RenewalFilter) {
  const subscriptions = subscriptionsOf(orgId);
  const vendors = vendorsOf(orgId);
  const users = userNames('owner');
  const conditions: Array<SQL | undefined> = [
    isLiveApplication(subscriptions),
    isNotNull(subscriptions.nextRenewalDate),
    filter.until ? lte(subscriptions.nextRenewalDate, filter.until) : undefined,
    filter.ownerUserId ? eq(subscriptions.ownerUserId, filter.ownerUserId) : undefined,
    filter.autoRenewOnly ? eq(subscriptions.autoRenew, true) : undefined,
    filter.subscriptionId ? eq(subscriptions.id, filter.subscriptionId) : undefined,
    allocatedTo(orgId, 'subscription', subscriptions.id, filter),
  ];
  return db
    .select({
      subscription: subscriptions._.selectedFields,
      vendorName: vendors.name,
      ownerName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      ownerEmail: users.email,
      decision: renewalDecisions,
    })
    .from(subscriptions)
    .leftJoin(vendors, eq(vendors.id, subscriptions.vendorId))
    .leftJoin(users, eq(users.id, subscriptions.ownerUserId))
    .leftJoin(
      renewalDecisions,
      and(
        eq(renewalDecisions.organizationId, orgId),
        eq(renewalDecisions.subscriptionId, subscriptions.id),
        eq(renewalDecisions.renewalDate, subscriptions.nextRenewalDate),
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(subscriptions.nextRenewalDate), asc(subscriptions.name));
}
export type RenewalRow = Awaited<ReturnType<typeof listRenewalRows>>[number];

/** Renewing applications whose renewal date lies before `today` (the job settles them). */
export async function listPassedRenewals(db: DbOrTx, orgId: string, today: string) {
  const subscriptions = subscriptionsOf(orgId);
  return db
    .select({ subscription: subscriptions._.selectedFields, decision: renewalDecisions })
    .from(subscriptions)
    .leftJoin(
      renewalDecisions,
      and(
        eq(renewalDecisions.organizationId, orgId),
        eq(renewalDecisions.subscriptionId, subscriptions.id),
        eq(renewalDecisions.renewalDate, subscriptions.nextRenewalDate),
      ),
    )
    .where(and(isLiveApplication(subscriptions), lt(subscriptions.nextRenewalDate, today)))
    .orderBy(asc(subscriptions.nextRenewalDate));
}

export async function findDecision(db: DbOrTx, orgId: string, subscriptionId: string, renewalDate: string) {
  const [row] = await db
    .select()
    .from(renewalDecisions)
    .where(
      and(
        eq(renewalDecisions.organizationId, orgId),
        eq(renewalDecisions.subscriptionId, subscriptionId),
        eq(renewalDecisions.renewalDate, renewalDate),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function upsertDecision(
  db: DbOrTx,
  values: {
    organizationId: string;
    subscriptionId: string;
    renewalDate: string;
    status: DecisionStatus;
    resolution: DecisionRow['resolution'];
    notes: string | null;
    decidedBy: string | null;
    now: Date;
  },
) {
  const { now, ...row } = values;
  const [saved] = await db
    .insert(renewalDecisions)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [
        renewalDecisions.organizationId,
        renewalDecisions.subscriptionId,
        renewalDecisions.renewalDate,
      ],
      set: {
        status: row.status,
        resolution: row.resolution,
        notes: row.notes,
        decidedBy: row.decidedBy,
        updatedAt: now,
      },
    })
    .returning();
  return saved;
}

export async function markDecisionSettled(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { status?: DecisionStatus; now: Date },
) {
  await db
    .update(renewalDecisions)
    .set({
      settledAt: values.now,
      updatedAt: values.now,
      ...(values.status ? { status: values.status } : {}),
    })
    .where(and(eq(renewalDecisions.organizationId, orgId), eq(renewalDecisions.id, id)));
}

/** Every decision of one application, newest renewal first, with who decided. */
export async function listDecisionHistory(db: DbOrTx, orgId: string, subscriptionId: string) {
  const users = userNames('decider');
  return db
    .select({
      renewalDate: renewalDecisions.renewalDate,
      status: renewalDecisions.status,
      notes: renewalDecisions.notes,
      settledAt: renewalDecisions.settledAt,
      decidedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(renewalDecisions)
    .leftJoin(users, eq(users.id, renewalDecisions.decidedBy))
    .where(
      and(eq(renewalDecisions.organizationId, orgId), eq(renewalDecisions.subscriptionId, subscriptionId)),
    )
    .orderBy(desc(renewalDecisions.renewalDate));
}

/** The organization's renewal decisions (every column) as a join-able subquery. */
export function renewalDecisionsOf<A extends string = 'decision'>(orgId: string, alias = 'decision' as A) {
  return everyColumnOf(renewalDecisions, eq(renewalDecisions.organizationId, orgId), alias);
}
