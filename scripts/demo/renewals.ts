// The demo company's contracts and renewal decisions: the biggest annual applications run on signed
// order forms (two of them renewed once already), and the next renewals are being worked on.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { addMonths } from '../../common/dates';
import type { DecisionStatus } from '../../common/contracts/renewals';
import { contracts, renewalDecisions, subscriptions } from '../../server/db/schema';
import type { DemoContext } from './context';
import { inChunks } from '../../server/db/bulk-insert';

/** Contracts for at most this many applications, the most expensive annual ones. */
const CONTRACTED_APPS = 14;

/** What the team has decided so far about the soonest renewals, in date order. */
const DECISIONS: Array<{ status: DecisionStatus; notes: string }> = [
  { status: 'renew', notes: 'Used every day by the whole company. Renew as is.' },
  {
    status: 'renegotiate',
    notes: 'Only 60% of seats active last quarter. Ask for 20 fewer seats and a 10% multi-year discount.',
  },
  { status: 'reviewing', notes: 'Waiting for usage numbers from the team lead before deciding.' },
  {
    status: 'cancel',
    notes: 'Overlaps with a tool we already pay for. Give notice before the cancel-by date.',
  },
  { status: 'reviewing', notes: 'Vendor quoted a 7% increase; compare with two alternatives.' },
];

const PAYMENT_TERMS = ['Net 30', 'Net 30', 'Net 45', 'Annual in advance'];
const PRICE_CAPS_BPS = [300, 500, 700, null];

export async function generateRenewals(ctx: DemoContext): Promise<void> {
  const { db, orgId, rng, now } = ctx;
  const financeLead = ctx.colleagues.finance;
  if (ctx.created.applicationIds.length === 0) return;
  const annual = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        inArray(subscriptions.billingCycle, ['annual', 'multi-year']),
        isNotNull(subscriptions.nextRenewalDate),
        eq(subscriptions.status, 'active'),
      ),
    )
    .orderBy(desc(subscriptions.annualCostMinor), asc(subscriptions.name))
    .limit(CONTRACTED_APPS);

  const rows: Array<typeof contracts.$inferInsert> = [];
  annual.forEach((app, i) => {
    const termMonths = app.billingCycle === 'multi-year' ? (app.intervalMonths ?? 24) : 12;
    const endDate = app.nextRenewalDate!;
    const startDate = addMonths(endDate, -termMonths);
    const current = {
      id: randomUUID(),
      organizationId: orgId,
      subscriptionId: app.id,
      title: `${app.name} order form ${startDate.slice(0, 4)}`,
      startDate,
      endDate,
      renewalTermMonths: termMonths,
      autoRenew: app.autoRenew,
      noticePeriodDays: app.noticePeriodDays,
      priceIncreaseCapBps: rng.pick(PRICE_CAPS_BPS),
      totalValueMinor: Math.round((app.annualCostMinor * termMonths) / 12),
      currency: app.currency,
      paymentTerms: rng.pick(PAYMENT_TERMS),
      status: 'active' as const,
      createdBy: financeLead,
      createdAt: now,
      updatedAt: now,
    };
    // The two largest were renewed once: the previous term stays as history behind the current one.
    if (i < 2) {
      const previousStart = addMonths(startDate, -termMonths);
      const previous = {
        ...current,
        id: randomUUID(),
        title: `${app.name} order form ${previousStart.slice(0, 4)}`,
        startDate: previousStart,
        endDate: startDate,
        totalValueMinor: Math.round((current.totalValueMinor ?? 0) * 0.92),
        status: 'renewed' as const,
      };
      rows.push(previous, { ...current, replacesContractId: previous.id });
    } else rows.push(current);
  });
  await inChunks(contracts, rows, (chunk) => db.insert(contracts).values(chunk));

  const soonest = [...annual]
    .sort((a, b) => (a.nextRenewalDate! < b.nextRenewalDate! ? -1 : 1))
    .slice(0, DECISIONS.length);
  const decisions = soonest.map((app, i) => ({
    organizationId: orgId,
    subscriptionId: app.id,
    renewalDate: app.nextRenewalDate!,
    status: DECISIONS[i].status,
    resolution: ['renew', 'renegotiate', 'cancel'].includes(DECISIONS[i].status)
      ? (DECISIONS[i].status as 'renew' | 'renegotiate' | 'cancel')
      : null,
    notes: DECISIONS[i].notes,
    decidedBy: financeLead,
    createdAt: now,
    updatedAt: now,
  }));
  await inChunks(renewalDecisions, decisions, (chunk) => db.insert(renewalDecisions).values(chunk));
}
