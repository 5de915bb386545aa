import { describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dates';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../common/insights/settings';
import { combineSavings } from './dedupe';
import { detectFindings } from './detectors';
import { daysAgo, snapshotBuilder, TODAY } from './test/snapshot-builder';

describe('combineSavings', () => {
  it('counts a seat found by "departed person", "inactive license" and renewal right-sizing once', () => {
    const b = snapshotBuilder();
    const app = b.app({ nextRenewalDate: addDays(TODAY, 30), seats: 4 });
    const pool = b.pool(app, { seats: 4 });
    b.seat(pool);
    const departed = b.seat(pool, {
      person: b.person({ status: 'offboarded' }),
      lastActiveDate: daysAgo(200),
    });
    b.idleSeats(pool, 2, 100);
    const found = detectFindings(b.snapshot, settings);
    const departedUnit = `${pool.id}:${departed.personId}`;
    const claimsOnDeparted = found.filter((o) =>
      o.claims.some((c) => c.kind === 'seat' && c.unit === departedUnit),
    );
    // Inactive licenses, departed person, renewal right-sizing and renewal at risk all claim the departed seat.
    expect(found.map((o) => o.type).sort()).toEqual(
      ['departed_person', 'inactive_licenses', 'renewal_at_risk', 'renewal_right_sizing'].sort(),
    );
    expect(claimsOnDeparted).toHaveLength(4);
    const sum = found.reduce((n, o) => n + (o.saving?.annualMinor ?? 0), 0);
    expect(sum).toBe((3 + 1 + 2 + 3) * 14_400);
    const combined = combineSavings(found);
    expect(combined.annualMinor).toBe(3 * 14_400);
    // Credited to the first opportunity holding it, in detector order.
    expect(combined.counted.get(found.find((o) => o.type === 'inactive_licenses')!.key)).toBe(3 * 14_400);
  });

  it('lets a cancelled application’s whole cost absorb its seat and price savings', () => {
    const b = snapshotBuilder();
    const app = b.app({ status: 'cancelled', cancelledOn: daysAgo(30), amountMinor: 12_000 });
    b.charge(app, { date: daysAgo(5) });
    const seatOpportunity = {
      ...detectFindings(b.snapshot, settings)[0],
      key: 'x',
      claims: [{ kind: 'seat' as const, applicationId: app.id, unit: 'p:1', annualMinor: 14_400 }],
    };
    const found = [...detectFindings(b.snapshot, settings), seatOpportunity];
    expect(combineSavings(found).annualMinor).toBe(144_000);
  });

  it('counts the largest of overlapping price savings, on the seats that remain', () => {
    const opportunity = (key: string, claims: Parameters<typeof combineSavings>[0][number]['claims']) =>
      ({ key, claims }) as Parameters<typeof combineSavings>[0][number];
    const combined = combineSavings([
      opportunity('list', [{ kind: 'rate', applicationId: 'a', annualMinor: 1000, basisSeats: 10 }]),
      opportunity('annual', [{ kind: 'rate', applicationId: 'a', annualMinor: 600, basisSeats: 10 }]),
      opportunity('idle', [
        { kind: 'seat', applicationId: 'a', unit: 'p:1', annualMinor: 100 },
        { kind: 'seat', applicationId: 'a', unit: 'p:2', annualMinor: 100 },
      ]),
      opportunity('shadow', [{ kind: 'charge', unit: 'M', annualMinor: 50 }]),
      opportunity('dup', [{ kind: 'charge', unit: 'M', annualMinor: 70 }]),
    ]);
    // 2 seats + 8/10 of the larger rate saving + the merchant once.
    expect(combined.annualMinor).toBe(200 + 800 + 70);
    expect(combined.counted.get('annual')).toBe(0);
    expect(combined.counted.get('shadow')).toBe(0);
  });
});

describe('every detector', () => {
  it('claims exactly its saving, in the organization currency, with a unique key', () => {
    const b = snapshotBuilder();
    const zoom = b.app({
      name: 'Zoom',
      catalogSlug: 'zoom',
      nextRenewalDate: addDays(TODAY, 20),
      startDate: daysAgo(300),
      unitPriceMinor: 2500,
    });
    const pool = b.pool(zoom, { tierName: 'Business', seats: 12 });
    const webex = b.pool(b.app({ catalogSlug: 'webex' }), { seats: 3 });
    for (let i = 0; i < 3; i += 1)
      b.seat(webex, { person: b.seat(pool).personId ? b.snapshot.people.at(-1) : undefined });
    b.idleSeats(pool, 2, 120, { signal: 'sign-in' });
    b.seat(pool, { person: b.person({ status: 'offboarded' }) });
    b.app({ catalogSlug: 'zoom', annualCostMinor: 5000 });
    b.recurring({ sampleMerchant: 'MYSTERYAPP.IO' });
    const found = detectFindings(b.snapshot, settings);
    expect(new Set(found.map((o) => o.type)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(found.map((o) => o.key)).size).toBe(found.length);
    for (const o of found) {
      const claimed = o.claims.reduce((n, c) => n + c.annualMinor, 0);
      expect(claimed, o.key).toBe(o.saving?.annualMinor ?? 0);
      if (o.saving) expect(o.saving.currency).toBe('USD');
      else expect(o.savingUnavailable, o.key).toBeTruthy();
    }
    expect(combineSavings(found).annualMinor).toBeLessThanOrEqual(
      found.reduce((n, o) => n + (o.saving?.annualMinor ?? 0), 0),
    );
  });
});
