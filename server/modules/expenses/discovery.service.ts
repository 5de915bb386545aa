// Applications nobody registered: recurring unmatched charges proposed as new applications, and
// accepting one (creates the application, matches its charges, remembers the merchant).
import type { z } from 'zod';
import { cycleMonths, nextRenewalDate } from '../../../common/billing';
import { matchMerchant } from '../../../common/catalog/merchant';
import { merchantKind, type MerchantKind } from '../../../common/catalog/merchant-kind';
import type { acceptDiscoveryBody } from '../../../common/contracts/expenses';
import { addDays, addMonths, todayInTimeZone } from '../../../common/dates';
import { isCurrencyCode } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { inTransaction } from '../../lib/acting-context';
import type { RequestContext, ServiceDeps } from '../../types';
import { collectAuditSteps, recordAudit, withSteps } from '../../lib/audit';
import { namesById } from '../settings-lists';
import { createSubscription } from '../subscriptions';
import { afterExpenseWrites } from './record-expense';
import { detectRecurring, type RecurringPattern } from './discovery';
import { unmatchedChargeGroups, updateUnmatchedOfMerchant } from './discovery.repo';
import { matcherFor } from './matching.repo';
import { displayNameOf } from './matching/merchant-key';
import { learnRule } from './rules.service';

type AcceptInput = z.output<typeof acceptDiscoveryBody>;

/** Charges older than this say nothing about what is paid for today. */
const LOOKBACK_DAYS = 800;
const MAX_GROUPS = 1000;

interface Group {
  merchantKey: string;
  sampleMerchant: string;
  dates: string[];
  amounts: number[];
  currencies: string[];
  /** The merchant category its charges were given (an import's category column), when any. */
  category: string | null;
}

async function unmatchedGroups(
  db: DbOrTx,
  orgId: string,
  today: string,
  merchantKey?: string,
): Promise<Group[]> {
  const rows = await unmatchedChargeGroups(
    db,
    orgId,
    addDays(today, -LOOKBACK_DAYS),
    MAX_GROUPS,
    merchantKey,
  );
  // The category its charges were given, by name (settings-lists owns the names).
  const names = await namesById(db, orgId, [...new Set(rows.flatMap((r) => r.categoryId ?? []))]);
  return rows.map(({ categoryId, ...r }) => ({
    ...r,
    amounts: r.amounts.map(Number),
    category: categoryId ? (names.get(categoryId) ?? null) : null,
  }));
}

export interface Proposal extends RecurringPattern {
  merchantKey: string;
  name: string;
  vendorName: string;
  catalogSlug: string | null;
  sampleMerchant: string;
  category: string | null;
  /** What the merchant is (common/catalog/merchant-kind): a gym or an airline is never proposed. */
  kind: MerchantKind;
}

/** Shadow IT: a proposal the catalogue or the statement says is software (issue 32). */
export const isShadowIt = (p: Pick<Proposal, 'kind'>) => p.kind === 'catalogue' || p.kind === 'software';

function propose(group: Group, today: string): Proposal | null {
  const charges = group.dates.map((date, i) => ({
    date,
    amountMinor: group.amounts[i],
    currency: group.currencies[i],
  }));
  const pattern = detectRecurring(charges, today);
  if (!pattern) return null;
  const catalog = matchMerchant(group.sampleMerchant);
  const display = displayNameOf(group.merchantKey);
  return {
    ...pattern,
    merchantKey: group.merchantKey,
    name: catalog?.app.name ?? display,
    vendorName: catalog?.app.vendor ?? display,
    catalogSlug: catalog?.app.slug ?? null,
    sampleMerchant: group.sampleMerchant,
    category: group.category,
    kind: merchantKind(group.sampleMerchant, group.category),
  };
}

/**
 * Recurring unmatched charges not explained by an existing application, most charges first. A
 * merchant that is no software (a gym, an airline, a phone bill) is never proposed as an application.
 */
export async function listDiscoveries(deps: ServiceDeps, ctx: Pick<RequestContext, 'orgId'>) {
  return discoverRecurring(deps.db, ctx.orgId, todayInTimeZone(deps.clock.now()));
}

/** listDiscoveries as of `today`, in any transaction (insights read it as shadow IT). */
export async function discoverRecurring(db: DbOrTx, orgId: string, today: string): Promise<Proposal[]> {
  // Independent reads: on PostgreSQL they run on pooled connections at once.
  const [match, groups] = await Promise.all([matcherFor(db, orgId), unmatchedGroups(db, orgId, today)]);
  const proposals: Proposal[] = [];
  for (const group of groups) {
    // Charges an application explains, or may explain (a suggestion), belong in the review queue.
    const outcome = match(group.sampleMerchant);
    if (outcome.matchStatus === 'matched' || outcome.suggestedSubscriptionId) continue;
    const proposal = propose(group, today);
    if (proposal && proposal.kind !== 'not-software') proposals.push(proposal);
  }
  return proposals.sort((a, b) => b.totalMinor - a.totalMinor);
}

/**
 * Creates the proposed application (plan limits apply), matches its charges and learns the merchant,
 * all in one transaction.
 */
export async function acceptDiscovery(deps: ServiceDeps, ctx: RequestContext, input: AcceptInput) {
  const today = todayInTimeZone(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [group] = await unmatchedGroups(tx, ctx.orgId, today, input.merchantKey);
    const proposal = group ? propose(group, today) : null;
    if (!proposal) throw notFound('Discovered application');
    // The inventory's own create (limits, vendor, catalogue pre-fill, audit) inside this transaction.
    const app = await createSubscription(deps, inTransaction(ctx, tx), {
      name: input.name ?? proposal.name,
      catalogSlug: proposal.catalogSlug,
      vendorName: proposal.vendorName,
      categoryId: input.categoryId,
      billingCycle: proposal.cycle,
      pricingModel: 'flat',
      amountMinor: proposal.amountMinor,
      currency: isCurrencyCode(proposal.currency) ? proposal.currency : undefined,
      startDate: proposal.firstDate,
      nextRenewalDate: nextRenewalDate({
        startDate: proposal.firstDate,
        // The cycle after the last charge, rolled forward past today.
        currentRenewalDate:
          proposal.cycle === 'weekly'
            ? addDays(proposal.lastDate, 7)
            : addMonths(proposal.lastDate, cycleMonths(proposal.cycle) ?? 1),
        cycle: proposal.cycle,
        today,
        autoRenew: true,
      }),
      autoRenew: true,
      notes: `Discovered from ${proposal.occurrences} recurring charges ("${proposal.sampleMerchant}").`,
    });
    const now = deps.clock.now();
    const matched = await updateUnmatchedOfMerchant(tx, ctx.orgId, proposal.merchantKey, {
      subscriptionId: app.id,
      suggestedSubscriptionId: null,
      matchStatus: 'matched',
      matchMethod: 'discovery',
      matchConfidence: 1,
      vendorId: app.vendorId,
      updatedAt: now,
    });
    // One click, one audit row: the acceptance, with the learnt rule as a step.
    const { steps } = await collectAuditSteps(ctx, (acting) =>
      learnRule(deps, tx, acting, { pattern: proposal.merchantKey, subscriptionId: app.id }),
    );
    await recordAudit(tx, ctx, {
      action: 'expense.discovery_accept',
      entityType: 'subscription',
      entityId: app.id,
      changes: withSteps({ merchantKey: proposal.merchantKey, matched: matched.length }, steps),
    });
    await afterExpenseWrites(
      deps,
      tx,
      ctx.orgId,
      matched.map((m) => m.id),
    );
    return { subscriptionId: app.id, matched: matched.length };
  });
}

/** Not an application: the merchant's unmatched charges move out of the review queue. */
export async function dismissDiscovery(deps: ServiceDeps, ctx: RequestContext, merchantKey: string) {
  return deps.db.transaction(async (tx) => {
    const rows = await updateUnmatchedOfMerchant(tx, ctx.orgId, merchantKey, {
      matchStatus: 'ignored',
      suggestedSubscriptionId: null,
      updatedAt: deps.clock.now(),
    });
    if (rows.length === 0) throw notFound('Discovered application');
    await recordAudit(tx, ctx, {
      action: 'expense.discovery_dismiss',
      entityType: 'expense',
      changes: { merchantKey, ignored: rows.length },
    });
    return { ignored: rows.length };
  });
}
