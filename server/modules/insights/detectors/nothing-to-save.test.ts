// Rules every detector keeps (issue 32), checked over all of them at once: nothing is saved on an
// application that costs nothing, and no held seat is cut when the application's usage is unknown.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../common/dates';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import { combineSavings } from '../dedupe';
import { daysAgo, snapshotBuilder, TODAY } from '../test/snapshot-builder';
import { USAGE_UNKNOWN_TEXT } from './facts';
import { detectFindings, detectOpportunities } from './index';

/** An application with every sign of waste: idle, unassigned and departed seats, a renewal due, monthly billing. */
function wastefulLooking(b: ReturnType<typeof snapshotBuilder>, over: Parameters<typeof b.app>[0]) {
  const app = b.app({
    nextRenewalDate: addDays(TODAY, 20),
    noticePeriodDays: 0,
    startDate: daysAgo(400),
    seats: 10,
    ...over,
  });
  const pool = b.pool(app, {
    tierName: over?.name?.includes('Free') ? 'Free' : 'Business Standard',
    seats: 10,
  });
  b.seat(pool);
  b.idleSeats(pool, 2, 200);
  b.seat(pool, { person: b.person({ status: 'offboarded' }) });
  return { app, pool };
}

describe('an application that costs nothing', () => {
  it('yields no finding with money from any detector, and adds nothing to the total', () => {
    const b = snapshotBuilder();
    const free = { annualCostMinor: 0, amountMinor: 0, unitPriceMinor: 0 };
    const { app: bitwarden } = wastefulLooking(b, {
      name: 'Bitwarden Free',
      catalogSlug: 'bitwarden',
      ...free,
    });
    const { app: typed } = wastefulLooking(b, {
      name: 'Google Workspace',
      catalogSlug: 'google-workspace',
      ...free,
    });
    b.app({ name: 'Bitwarden', vendorName: 'Bitwarden', ...free });
    const found = detectOpportunities(b.snapshot, settings);
    const onFree = found.filter((o) => o.applicationIds.some((id) => id === bitwarden.id || id === typed.id));
    for (const o of onFree) {
      expect(o.saving, o.key).toBeNull();
      expect(o.claims, o.key).toEqual([]);
      expect(o.confidence, o.key).toBe('low');
    }
    expect(combineSavings(found).annualMinor).toBe(0);
  });
});

describe('an application without a usage source', () => {
  it('has no held seat cut by any detector, and says its usage is unknown', () => {
    const b = snapshotBuilder();
    const app = b.app({
      name: 'Figma',
      catalogSlug: 'figma',
      nextRenewalDate: addDays(TODAY, 20),
      seats: 10,
    });
    const pool = b.pool(app, { tierName: 'Professional', seats: 10 });
    // Seats held for a year, never with an activity date: nobody imported its usage.
    b.idleSeats(pool, 3, 0, { lastActiveDate: null });
    const seatClaims = detectFindings(b.snapshot, settings).flatMap((o) =>
      o.claims.filter((c) => c.kind === 'seat'),
    );
    // Only the seven seats nobody holds may be cut.
    expect(seatClaims.length).toBeGreaterThan(0);
    for (const claim of seatClaims) expect(claim.kind === 'seat' && claim.unit).toContain(':free:');
    const [decision] = detectOpportunities(b.snapshot, settings);
    expect(decision.decision?.usage).toBe('unknown');
    expect(decision.explanation).toContain(USAGE_UNKNOWN_TEXT);
  });
});
