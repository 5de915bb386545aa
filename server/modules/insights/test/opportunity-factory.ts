// Opportunity rows inserted directly, for tests of the API and the ledger: sensible defaults (a new,
// detected inactive-licenses finding saving $1,200.00 a year, counted in full), overrides where a
// test cares.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../../db/client';
import { insightComments, insightOpportunities } from '../../../db/schema';

export type OpportunityOverrides = Partial<typeof insightOpportunities.$inferInsert>;

export async function buildOpportunity(
  db: DbOrTx,
  organizationId: string,
  overrides: OpportunityOverrides = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const savingMinor = overrides.savingMinor === undefined ? 120_000 : overrides.savingMinor;
  const [row] = await db
    .insert(insightOpportunities)
    .values({
      organizationId,
      key: `inactive_licenses:${suffix}`,
      type: 'inactive_licenses',
      title: `Inactive seats ${suffix}`,
      explanation: 'Seats nobody used in 60 days.',
      evidence: [{ kind: 'seat', id: null, label: 'Seat', figures: { days: 61 } }],
      savingMinor,
      countedMinor: savingMinor ?? 0,
      currency: 'USD',
      arithmetic: savingMinor === null ? null : `= ${savingMinor}`,
      savingUnavailable: savingMinor === null ? 'The price per seat is unknown' : null,
      confidence: 'high',
      confidenceReason: 'Usage data from the last 60 days',
      claims: [],
      actionPath: '/app/licenses',
      actionText: 'Remove the seats',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildInsightComment(
  db: DbOrTx,
  organizationId: string,
  opportunityId: string,
  overrides: Partial<typeof insightComments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(insightComments)
    .values({ organizationId, opportunityId, body: 'A comment', ...overrides })
    .returning();
  return row!;
}
