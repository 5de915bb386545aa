// What the matcher needs from the database, and applying rules and matches to stored expenses.
import { notArchived } from '../../db/live-applications';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseRules, expenses } from '../../db/schema';
import { subscriptionsOf } from '../subscriptions';
import { vendorsOf } from '../vendors';
import { createMatcher, type MatchContext, type MatchOutcome } from './matching/matcher';

export async function loadMatchContext(db: DbOrTx, orgId: string): Promise<MatchContext> {
  const subscriptions = subscriptionsOf(orgId);
  const vendors = vendorsOf(orgId);
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time
  // (pg warns of concurrent queries on a client, and pg 9 refuses them).
  const apps = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      vendorId: subscriptions.vendorId,
      vendorName: vendors.name,
      catalogSlug: subscriptions.catalogSlug,
      status: subscriptions.status,
    })
    .from(subscriptions)
    .leftJoin(vendors, eq(vendors.id, subscriptions.vendorId))
    .where(notArchived(subscriptions));
  const rules = await db
    .select({
      id: expenseRules.id,
      pattern: expenseRules.pattern,
      matchType: expenseRules.matchType,
      subscriptionId: expenseRules.subscriptionId,
      categoryId: expenseRules.categoryId,
    })
    .from(expenseRules)
    .where(eq(expenseRules.organizationId, orgId));
  const vendorRows = await db.select({ id: vendors.id, name: vendors.name }).from(vendors);
  return { apps, rules, vendors: vendorRows };
}

export async function matcherFor(db: DbOrTx, orgId: string) {
  return createMatcher(await loadMatchContext(db, orgId));
}

/** The columns an automatic match sets on an expense. */
export function matchColumns(outcome: MatchOutcome) {
  return {
    merchantKey: outcome.merchantKey,
    merchantName: outcome.merchantName,
    matchStatus: outcome.matchStatus,
    matchMethod: outcome.matchMethod,
    matchConfidence: outcome.matchConfidence,
    subscriptionId: outcome.subscriptionId,
    suggestedSubscriptionId: outcome.suggestedSubscriptionId,
  };
}

/** Where a rule applies: the merchant key equals the pattern, or the raw text or key contains it. */
export function ruleCondition(pattern: string, matchType: 'exact' | 'contains'): SQL {
  const upper = pattern.toUpperCase();
  return matchType === 'exact'
    ? eq(expenses.merchantKey, upper)
    : sql`(position(${upper} in upper(${expenses.merchant})) > 0 or position(${upper} in ${expenses.merchantKey}) > 0)`;
}

/** Matches the organization's unmatched expenses a rule covers; answers the ids it matched. */
export async function applyRuleToUnmatched(
  db: DbOrTx,
  orgId: string,
  rule: {
    pattern: string;
    matchType: 'exact' | 'contains';
    subscriptionId: string;
    categoryId: string | null;
  },
  now: Date,
): Promise<string[]> {
  const subscriptions = subscriptionsOf(orgId);
  const [app] = await db
    .select({ vendorId: subscriptions.vendorId })
    .from(subscriptions)
    .where(eq(subscriptions.id, rule.subscriptionId));
  const rows = await db
    .update(expenses)
    .set({
      subscriptionId: rule.subscriptionId,
      suggestedSubscriptionId: null,
      matchStatus: 'matched',
      matchMethod: 'rule',
      matchConfidence: 1,
      vendorId: sql`coalesce(${app?.vendorId ?? null}::uuid, ${expenses.vendorId})`,
      categoryId: sql`coalesce(${expenses.categoryId}, ${rule.categoryId}::uuid)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(expenses.organizationId, orgId),
        eq(expenses.matchStatus, 'unmatched'),
        ruleCondition(rule.pattern, rule.matchType),
      ),
    )
    .returning({ id: expenses.id });
  return rows.map((r) => r.id);
}

/**
 * Runs the matcher again over the distinct merchants of unmatched expenses (after an application,
 * rule or vendor appears); answers the ids that became matched.
 */
export async function rematchUnmatched(db: DbOrTx, orgId: string, now: Date): Promise<string[]> {
  const match = await matcherFor(db, orgId);
  const merchants = await db
    .selectDistinct({ merchant: expenses.merchant })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.matchStatus, 'unmatched')));
  const matched: string[] = [];
  for (const { merchant } of merchants) {
    const outcome = match(merchant);
    if (outcome.matchStatus !== 'matched' && !outcome.suggestedSubscriptionId) continue;
    const rows = await db
      .update(expenses)
      .set({
        ...matchColumns(outcome),
        vendorId: sql`coalesce(${outcome.vendorId}::uuid, ${expenses.vendorId})`,
        categoryId: sql`coalesce(${expenses.categoryId}, ${outcome.categoryId}::uuid)`,
        updatedAt: now,
      })
      .where(
        and(
          eq(expenses.organizationId, orgId),
          eq(expenses.matchStatus, 'unmatched'),
          eq(expenses.merchant, merchant),
        ),
      )
      .returning({ id: expenses.id });
    if (outcome.matchStatus === 'matched') matched.push(...rows.map((r) => r.id));
  }
  return matched;
}
