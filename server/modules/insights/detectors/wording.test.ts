// Issue 31: every insight reads as a sentence — "1 seat", "tomorrow", "Dec 6, 2026" — never
// "1 seats", "in 1 days" or an ISO date in prose.
import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import { addDays } from '../../../../common/dates';
import { BAD_PLURAL, ISO_DATE_IN_PROSE } from '../../../../common/wording';
import { daysAgo, snapshotBuilder, TODAY } from '../test/snapshot-builder';
import { detectOpportunities } from '.';

describe('insight wording', () => {
  it('says one seat, one license, one person and dates in words, whatever the counts', () => {
    const b = snapshotBuilder();
    // One idle seat, one unassigned, renewing tomorrow with one day's notice: every "1" path.
    for (const days of [0, 1, 2, 40]) {
      const app = b.app({ nextRenewalDate: addDays(TODAY, days + 1), noticePeriodDays: 1, seats: 3 });
      const pool = b.pool(app, { seats: 3 });
      b.seat(pool, { lastActiveDate: null });
      b.idleSeats(pool, 1, 120);
    }
    const leaver = b.person({ status: 'offboarded', endDate: daysAgo(10) });
    b.seat(b.pool(b.app({ name: 'Notion' }), { seats: 2 }), { person: leaver });
    const found = detectOpportunities(b.snapshot, settings);
    expect(found.length).toBeGreaterThan(3);
    for (const o of found) {
      for (const text of [o.title, o.explanation, o.action.text, o.confidenceReason]) {
        expect(text, o.key).not.toMatch(BAD_PLURAL);
        expect(text, o.key).not.toMatch(ISO_DATE_IN_PROSE);
      }
    }
  });
});
