// Merchant rules (rules.service.ts): reads with the application's name, and writes.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseRules } from '../../db/schema';
import { notFound } from '../../errors';
import { subscriptionsOf } from '../subscriptions';

export type RuleRow = typeof expenseRules.$inferSelect;
export type NewRuleRow = typeof expenseRules.$inferInsert;

function rulesQuery(db: DbOrTx, orgId: string) {
  const app = subscriptionsOf(orgId, 'app');
  return db
    .select({
      id: expenseRules.id,
      pattern: expenseRules.pattern,
      matchType: expenseRules.matchType,
      subscriptionId: expenseRules.subscriptionId,
      subscriptionName: app.name,
      categoryId: expenseRules.categoryId,
      learned: expenseRules.learned,
      createdAt: expenseRules.createdAt,
    })
    .from(expenseRules)
    .leftJoin(app, eq(app.id, expenseRules.subscriptionId));
}

/** The organization's rules with their application's name, by pattern. */
export function listRuleRows(db: DbOrTx, orgId: string) {
  return rulesQuery(db, orgId)
    .where(eq(expenseRules.organizationId, orgId))
    .orderBy(asc(expenseRules.pattern));
}

/** One rule with its application's name; 404 when the organization has none by that id. */
export async function getRule(db: DbOrTx, orgId: string, id: string) {
  const [row] = await rulesQuery(db, orgId).where(
    and(eq(expenseRules.organizationId, orgId), eq(expenseRules.id, id)),
  );
  if (!row) throw notFound('Rule');
  return row;
}

/** Saves a learnt exact rule, or re-points the one for the same pattern (to `values`' application). */
export async function upsertLearnedRule(db: DbOrTx, values: NewRuleRow): Promise<RuleRow> {
  const [saved] = await db
    .insert(expenseRules)
    .values(values)
    .onConflictDoUpdate({
      target: [expenseRules.organizationId, expenseRules.matchType, expenseRules.pattern],
      set: { subscriptionId: values.subscriptionId, updatedAt: values.updatedAt },
    })
    .returning();
  return saved!;
}

export async function insertRule(db: DbOrTx, values: NewRuleRow): Promise<RuleRow> {
  const [row] = await db.insert(expenseRules).values(values).returning();
  return row!;
}

/** The rule, locked for the transaction; undefined when the organization has none by that id. */
export async function lockRule(db: DbOrTx, orgId: string, id: string): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(expenseRules)
    .where(and(eq(expenseRules.organizationId, orgId), eq(expenseRules.id, id)))
    .for('update');
  return row;
}

export async function updateRuleRow(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<NewRuleRow>,
): Promise<RuleRow> {
  const [row] = await db
    .update(expenseRules)
    .set(values)
    .where(and(eq(expenseRules.organizationId, orgId), eq(expenseRules.id, id)))
    .returning();
  return row!;
}

/** Deletes the rule; answers its pattern, or null when there was none. */
export async function deleteRuleRow(db: DbOrTx, orgId: string, id: string) {
  const rows = await db
    .delete(expenseRules)
    .where(and(eq(expenseRules.organizationId, orgId), eq(expenseRules.id, id)))
    .returning({ id: expenseRules.id, pattern: expenseRules.pattern });
  return rows[0] ?? null;
}
