// Issue 31: one decision = one opportunity; the counted amounts add up to the headline; no seat
// cut from an absence of usage data.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dates';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../common/insights/settings';
import { decisionKey } from './decisions';
import { combineSavings } from './dedupe';
import { detectFindings, detectOpportunities } from './detectors';
import { daysAgo, snapshotBuilder, TODAY } from './test/snapshot-builder';
import { USAGE_UNKNOWN_TEXT } from '../../../common/licenses';

/**
 * Adobe-like: 10 seats at $12 a month, 3 held and used, 4 held and idle, 3 nobody holds; notice due
 * in 20 days with no decision (at risk), the renewal in 50 (right-sizing), and a price rise of $2.
 */
function adobe() {
  const b = snapshotBuilder();
  const app = b.app({
    name: 'Adobe',
    nextRenewalDate: addDays(TODAY, 50),
    noticePeriodDays: 30,
    autoRenew: true,
  });
  const pool = b.pool(app, { seats: 10 });
  for (let i = 0; i < 3; i++) b.seat(pool);
  b.idleSeats(pool, 4, 120);
  b.priceChange(app, {
    previous: { ...b.snapshot.applications[0], amountMinor: 10_000, unitPriceMinor: 1_000, seats: 10 },
  });
  return { b, app, pool };
}

describe('one decision per application', () => {
  it('groups the seat and price findings of one application into one opportunity with its alternatives', () => {
    const { b, app } = adobe();
    const findings = detectFindings(b.snapshot, settings);
    // The detectors still find each way of acting on Adobe's seats and price…
    expect(new Set(findings.map((f) => f.type))).toEqual(
      new Set([
        'inactive_licenses',
        'unassigned_seats',
        'renewal_at_risk',
        'renewal_right_sizing',
        'price_increase',
      ]),
    );
    // …but Insights shows one opportunity for the decision.
    const found = detectOpportunities(b.snapshot, settings);
    expect(found).toHaveLength(1);
    const [decision] = found;
    expect(decision.key).toBe(decisionKey(app));
    expect(decision.decision?.alternatives.map((a) => a.type).sort()).toEqual(
      findings.map((f) => f.type).sort(),
    );
    // The recommendation: the renewal sized at the seats in use plus the buffer (3 → 4 seats), the
    // price rise reversed on the 4 seats kept.
    expect(decision.decision).toMatchObject({ usage: 'known', targetSeats: 4, seatsInUse: 3 });
    const recommended = decision.decision!.alternatives.filter((a) => a.recommended).map((a) => a.type);
    expect(recommended.sort()).toEqual(['price_increase', 'renewal_right_sizing']);
    // 6 seats × $12 × 12 = $864, plus $2 × 4 seats × 12 = $96: $960, counted once.
    expect(decision.saving?.annualMinor).toBe(86_400 + 9_600);
    expect(decision.claims.reduce((n, c) => n + c.annualMinor, 0)).toBe(decision.saving?.annualMinor);
    // The arithmetic names the application in each term.
    expect(decision.saving?.arithmetic).toBe(
      '$864.00 (Renew Adobe with 4 seats, not 10) + $96.00 (Adobe price increase, on the seats kept) = $960.00'.replace(
        'Adobe price increase',
        findings.find((f) => f.type === 'price_increase')!.title,
      ),
    );
    // The headline over the decision is its saving; the separate findings would have said more.
    expect(combineSavings(found).annualMinor).toBe(decision.saving?.annualMinor);
    expect(findings.reduce((n, f) => n + (f.saving?.annualMinor ?? 0), 0)).toBeGreaterThan(
      decision.saving!.annualMinor,
    );
  });

  it('keeps a single finding as it was, with its usage state', () => {
    const b = snapshotBuilder();
    const app = b.app({ nextRenewalDate: addDays(TODAY, 300) });
    const pool = b.pool(app, { seats: 3 });
    b.seat(pool);
    b.idleSeats(pool, 2, 100);
    const [found, ...rest] = detectOpportunities(b.snapshot, settings);
    expect(rest).toEqual([]);
    expect(found.key).toBe(`inactive_licenses:${app.id}`);
    expect(found.decision).toMatchObject({ usage: 'known', alternatives: [] });
  });

  it('adds the counted amounts of every opportunity up to the headline, to the cent', () => {
    const { b, pool } = adobe();
    // Someone who left still holds an Adobe seat: "departed person" overlaps the decision.
    b.seat(pool, { person: b.person({ status: 'offboarded' }), lastActiveDate: daysAgo(200) });
    const found = detectOpportunities(b.snapshot, settings);
    const combined = combineSavings(found);
    const sum = [...combined.counted.values()].reduce((n, v) => n + v, 0);
    expect(sum).toBe(combined.annualMinor);
    const departed = found.find((o) => o.type === 'departed_person')!;
    const decision = found.find((o) => o.decision?.alternatives.length)!;
    // Each says with which it overlaps.
    expect(combined.overlaps.get(departed.key)).toEqual([decision.key]);
    expect(combined.overlaps.get(decision.key)).toEqual([departed.key]);
  });
});

describe('no seat cut from an absence of usage data', () => {
  it('calls usage unknown, reclaims no held seat, and cuts only the seats nobody holds', () => {
    const b = snapshotBuilder();
    // Figma-like: 12 seats, 10 held, no activity ever recorded; renewal in 50 days.
    const app = b.app({ name: 'Figma', nextRenewalDate: addDays(TODAY, 50), autoRenew: false });
    const pool = b.pool(app, { seats: 12 });
    for (let i = 0; i < 10; i++) b.seat(pool, { lastActiveDate: null });
    const findings = detectFindings(b.snapshot, settings);
    expect(findings.map((f) => f.type)).not.toContain('inactive_licenses');
    const rightSizing = findings.find((f) => f.type === 'renewal_right_sizing');
    // Every held seat counts as in use: 10 + 10 % = 11 seats, so 1 seat nobody holds is dropped.
    expect(rightSizing?.title).toBe('Renew Figma with 11 seats, not 12');
    expect(rightSizing?.claims.every((c) => c.kind === 'seat' && c.unit.includes(':free:'))).toBe(true);
    const found = detectOpportunities(b.snapshot, settings);
    expect(found).toHaveLength(1);
    expect(found[0].decision).toMatchObject({ usage: 'unknown', targetSeats: 11, seatsInUse: 10 });
    expect(found[0].explanation).toContain(USAGE_UNKNOWN_TEXT);
  });

  it('recommends nothing at all when every seat is held and no usage was ever recorded', () => {
    const b = snapshotBuilder();
    const app = b.app({ nextRenewalDate: addDays(TODAY, 50), autoRenew: false });
    const pool = b.pool(app, { seats: 5 });
    for (let i = 0; i < 5; i++) b.seat(pool, { lastActiveDate: null });
    expect(detectOpportunities(b.snapshot, settings)).toEqual([]);
  });
});
