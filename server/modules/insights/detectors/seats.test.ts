import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import { daysAgo, snapshotBuilder, TODAY } from '../test/snapshot-builder';
import { detectDepartedPeople } from './departed-people';
import { detectInactiveLicenses } from './inactive-licenses';
import { detectOverlappingTools } from './overlapping-tools';
import { detectRenewalRightSizing } from './renewal-right-sizing';
import { detectRenewalsAtRisk } from './renewal-at-risk';
import { detectUnassignedSeats } from './unassigned-seats';
import { addDays } from '../../../../common/dates';

describe('inactive licenses', () => {
  it('finds seats idle beyond the window, not one active yesterday nor one assigned last week', () => {
    const b = snapshotBuilder();
    const app = b.app({ name: 'Figma' });
    const pool = b.pool(app, { seats: 5 });
    const idle = b.idleSeats(pool, 3, 61);
    b.seat(pool, { lastActiveDate: daysAgo(1) });
    b.seat(pool, { assignedDate: daysAgo(7), lastActiveDate: null });
    const [found, ...rest] = detectInactiveLicenses(b.snapshot, settings);
    expect(rest).toEqual([]);
    expect(found.key).toBe(`inactive_licenses:${app.id}`);
    expect(found.personIds.sort()).toEqual(idle.map((s) => s.personId).sort());
    expect(found.saving).toEqual({
      annualMinor: 43_200,
      currency: 'USD',
      arithmetic: '3 seats × $12.00 × 12 months = $432.00',
    });
    expect(found.confidence).toBe('high');
    expect(found.claims.map((c) => c.annualMinor)).toEqual([14_400, 14_400, 14_400]);
  });

  it('says nothing about an exempt application or seats active within the window', () => {
    const b = snapshotBuilder();
    const exempt = b.app();
    b.idleSeats(b.pool(exempt), 2);
    b.seat(b.pool(b.app()), { lastActiveDate: daysAgo(59) });
    expect(detectInactiveLicenses(b.snapshot, { ...settings, exemptApplicationIds: [exempt.id] })).toEqual(
      [],
    );
  });

  it('claims no saving when the seat price is unknown, and says which', () => {
    const b = snapshotBuilder();
    const app = b.app({
      name: 'Miro',
      pricingModel: 'flat',
      unitPriceMinor: null,
      amountMinor: 50_000,
      annualCostMinor: 600_000,
    });
    b.idleSeats(b.pool(app, { tierName: 'Business', unitPriceMinor: 0 }), 2);
    const [found] = detectInactiveLicenses(b.snapshot, settings);
    expect(found.saving).toBeNull();
    expect(found.claims).toEqual([]);
    expect(found.savingUnavailable).toContain('seat price of Miro (Business) is missing');
  });

  it('labels a sign-in-only signal and lowers the confidence', () => {
    const b = snapshotBuilder();
    const pool = b.pool(b.app());
    b.idleSeats(pool, 1, 90, { signal: 'sign-in' });
    const [found] = detectInactiveLicenses(b.snapshot, settings);
    expect(found.confidence).toBe('medium');
    expect(found.confidenceReason).toContain('sign-in date only');
    const seat = found.evidence.find((e) => e.kind === 'seat')!;
    expect(seat.figures['Last active']).toBe(`${daysAgo(90)} (sign-in date only)`);
    // No internal columns (issue 31): no raw person id, no signal code.
    expect(Object.keys(seat.figures)).toEqual(['Assigned', 'Last active']);
  });

  it('does not convert another currency', () => {
    const b = snapshotBuilder('USD');
    b.idleSeats(b.pool(b.app({ currency: 'EUR' })), 2);
    const [found] = detectInactiveLicenses(b.snapshot, settings);
    expect(found.saving).toBeNull();
    expect(found.savingUnavailable).toContain('Priced in EUR');
  });
});

describe('unassigned seats', () => {
  it('finds purchased seats nobody holds; none for a full or unlimited pool', () => {
    const b = snapshotBuilder();
    const app = b.app({ name: 'Slack', billingCycle: 'annual', unitPriceMinor: 8700 });
    const pool = b.pool(app, { seats: 4 });
    b.seat(pool);
    const full = b.pool(b.app(), { seats: 1 });
    b.seat(full);
    b.pool(b.app(), { seats: null });
    const found = detectUnassignedSeats(b.snapshot, settings);
    expect(found).toHaveLength(1);
    expect(found[0].saving?.arithmetic).toBe('3 seats × $87.00 a year = $261.00');
    expect(found[0].claims.map((c) => (c.kind === 'seat' ? c.unit : ''))).toEqual(
      [1, 2, 3].map((i) => `${pool.id}:free:${i}`),
    );
  });
});

describe('departed people', () => {
  it('finds an offboarded person and one past their end date still holding seats; not a current one', () => {
    const b = snapshotBuilder();
    const pool = b.pool(b.app());
    const gone = b.person({ status: 'offboarded', name: 'Gina Gone' });
    const leaving = b.person({ endDate: daysAgo(3) });
    const staying = b.person({ endDate: addDays(TODAY, 10) });
    for (const person of [gone, leaving, staying]) b.seat(pool, { person });
    const found = detectDepartedPeople(b.snapshot, settings);
    expect(found.map((o) => o.personIds[0])).toEqual([gone.id, leaving.id]);
    expect(found[0].title).toBe('Gina Gone left but still holds 1 license');
    expect(found[0].saving?.annualMinor).toBe(14_400);
    expect(found[0].confidence).toBe('high');
  });
});

describe('overlapping tools', () => {
  it('saves the second seat of people holding two tools for one job', () => {
    const b = snapshotBuilder();
    const zoom = b.pool(b.app({ name: 'Zoom', catalogSlug: 'zoom' }));
    const webex = b.pool(b.app({ name: 'Webex', catalogSlug: 'webex', unitPriceMinor: 1500 }));
    const both = b.person();
    b.seat(zoom, { person: both });
    b.seat(zoom);
    b.seat(webex, { person: both });
    const [found, ...rest] = detectOverlappingTools(b.snapshot, settings);
    expect(rest).toEqual([]);
    expect(found.key).toBe('overlapping_tools:Video meetings');
    expect(found.personIds).toEqual([both.id]);
    expect(found.saving?.arithmetic).toBe('1 seat × $15.00 × 12 months = $180.00');
  });

  it('ignores overlapping tools that nobody holds twice', () => {
    const b = snapshotBuilder();
    b.seat(b.pool(b.app({ catalogSlug: 'asana' })));
    b.seat(b.pool(b.app({ catalogSlug: 'trello' })));
    expect(detectOverlappingTools(b.snapshot, settings)).toEqual([]);
  });
});

describe('renewal right-sizing', () => {
  it('sizes a renewal within the lookahead to the seats in use plus the buffer', () => {
    const b = snapshotBuilder();
    const app = b.app({ nextRenewalDate: addDays(TODAY, 60), seats: 20 });
    const pool = b.pool(app, { seats: 20 });
    for (let i = 0; i < 10; i += 1) b.seat(pool);
    b.idleSeats(pool, 4);
    const [found] = detectRenewalRightSizing(b.snapshot, settings);
    // 10 in use + 10 % = 11 needed; 20 owned: 6 free seats, then 3 idle ones.
    expect(found.title).toBe(`Renew ${app.name} with 11 seats, not 20`);
    expect(found.claims).toHaveLength(9);
    expect(found.personIds).toHaveLength(3);
    expect(found.saving?.annualMinor).toBe(9 * 14_400);
  });

  it('leaves renewals beyond the lookahead alone', () => {
    const b = snapshotBuilder();
    b.pool(b.app({ nextRenewalDate: addDays(TODAY, 91) }), { seats: 20 });
    expect(detectRenewalRightSizing(b.snapshot, settings)).toEqual([]);
  });
});

describe('renewal at risk', () => {
  it('flags an undecided auto-renewal inside its notice window with low use; not a decided one', () => {
    const b = snapshotBuilder();
    const risky = b.app({ nextRenewalDate: addDays(TODAY, 40), noticePeriodDays: 30 });
    const decided = b.app({ nextRenewalDate: addDays(TODAY, 40), noticePeriodDays: 30 });
    for (const app of [risky, decided]) {
      const pool = b.pool(app, { seats: 10 });
      b.seat(pool);
      b.seat(pool);
    }
    b.decision({ applicationId: decided.id, renewalDate: decided.nextRenewalDate!, status: 'renegotiate' });
    const found = detectRenewalsAtRisk(b.snapshot, settings);
    expect(found.map((o) => o.applicationIds[0])).toEqual([risky.id]);
    expect(found[0].title).toContain('20% of seats in use');
    expect(found[0].saving?.annualMinor).toBe(8 * 14_400);
  });

  it('leaves a well-used application alone', () => {
    const b = snapshotBuilder();
    const pool = b.pool(b.app({ nextRenewalDate: addDays(TODAY, 10) }), { seats: 2 });
    b.seat(pool);
    expect(detectRenewalsAtRisk(b.snapshot, settings)).toEqual([]);
  });
});
