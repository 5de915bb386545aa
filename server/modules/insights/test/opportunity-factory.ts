// Opportunity rows inserted directly, for tests of what reads them (the API, the ledger, alerts, the
// digest, the narrative) without running the detectors: an open, detected "inactive licenses"
// finding with realistic figures; overrides where a test cares.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../../db/client';
import { insightComments, insightOpportunities } from '../../../db/schema';

export type NewOpportunityRow = typeof insightOpportunities.$inferInsert;

/**
 * An open "inactive licenses" opportunity saving $4,320.00 a year on `applicationIds[0]`, unless
 * overridden. Its counted saving is recounted from the claims whenever the totals are read.
 */
export async function buildOpportunity(
  db: DbOrTx,
  organizationId: string,
  overrides: Partial<NewOpportunityRow> = {},
) {
  const applicationIds = overrides.applicationIds ?? [];
  const savingMinor = overrides.savingMinor === undefined ? 432_000 : overrides.savingMinor;
  const [row] = await db
    .insert(insightOpportunities)
    .values({
      organizationId,
      key: `inactive_licenses:${randomBytes(6).toString('hex')}`,
      type: 'inactive_licenses',
      title: '12 idle Slack seats',
      explanation: '12 of 40 Slack seats have had no activity for 60 days or more.',
      evidence: [
        {
          kind: 'license_pool',
          id: null,
          label: 'Slack Business+',
          figures: { seats: 40, idle: 12, 'price per seat': '$30.00', 'inactive for': '60 days' },
        },
      ],
      savingMinor,
      countedMinor: savingMinor ?? 0,
      currency: 'USD',
      arithmetic: savingMinor === null ? null : '12 seats × $30.00 × 12 months = $4,320.00',
      savingUnavailable: savingMinor === null ? 'The price per seat is unknown' : null,
      confidence: 'high',
      confidenceReason: 'Usage comes from activity dates, not sign-ins',
      // A claim of its own: it overlaps nothing, so it counts in full (recountOpen) unless a test
      // gives claims that overlap another's.
      claims: !savingMinor ? [] : [{ kind: 'charge', unit: randomBytes(6).toString('hex'), annualMinor: savingMinor }],
      actionPath: '/app/licenses',
      actionText: 'Reclaim the seats',
      ...overrides,
      applicationIds,
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
