import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES, type AlertRules } from '../../../common/alerts';
import { addDays } from '../../../common/dates';
import {
  chargedAfterCancellationAlert,
  contractAlerts,
  overExpectedAlert,
  renewalAlerts,
  type RenewalRecord,
} from './alert-rules';

const record = (overrides: Partial<RenewalRecord> = {}): RenewalRecord => ({
  id: 'sub-1',
  name: 'Slack',
  ownerUserId: null,
  renewalDate: '2026-12-01',
  autoRenew: true,
  noticePeriodDays: 30,
  currency: 'USD',
  annualCostMinor: 120_000,
  cycleCostMinor: 10_000,
  decision: null,
  contractEndsOnRenewal: false,
  ...overrides,
});

/** Every alert the rules raise for one record, running day by day over a range. */
function runDaily(r: RenewalRecord, rules: AlertRules, from: string, to: string) {
  const keys = new Map<string, string>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const alert of renewalAlerts(r, rules, day))
      if (!keys.has(alert.dedupeKey)) keys.set(alert.dedupeKey, day);
  }
  return keys;
}

describe('renewal alert rules', () => {
  it('sends a cancel-by reminder on each offset day before the cancel-by date', () => {
    const keys = runDaily(record(), DEFAULT_ALERT_RULES, '2026-06-01', '2026-12-01');
    const cancelBy = [...keys].filter(([k]) => k.startsWith('cancel-by:'));
    // cancel-by = 2026-12-01 − 30 days = 2026-11-01
    expect(cancelBy).toEqual([
      ['cancel-by:sub-1:2026-12-01:90', '2026-08-03'],
      ['cancel-by:sub-1:2026-12-01:60', '2026-09-02'],
      ['cancel-by:sub-1:2026-12-01:30', '2026-10-02'],
      ['cancel-by:sub-1:2026-12-01:14', '2026-10-18'],
      ['cancel-by:sub-1:2026-12-01:7', '2026-10-25'],
      ['cancel-by:sub-1:2026-12-01:1', '2026-10-31'],
    ]);
    expect(keys.get('auto-renewal:sub-1:2026-12-01:3')).toBe('2026-11-28');
    expect(keys.get('due-soon:sub-1:2026-12-01:7')).toBe('2026-11-24');
  });

  it('sets priority from the annual cost and the days to the cancel-by date, and links to the renewal', () => {
    const contract = record({ annualCostMinor: 2_400_000 });
    const [alert] = renewalAlerts(contract, DEFAULT_ALERT_RULES, '2026-10-25');
    expect(alert).toMatchObject({
      type: 'due-soon',
      priority: 'high',
      dueOn: '2026-11-01',
      title: 'Slack: cancel-by date in 7 days',
      actionUrl: '/app/renewals',
      actionText: 'Review renewal',
    });
    expect(alert.message).toContain("give 30 days' notice by Nov 1, 2026");
    const priorityOn = (r: RenewalRecord, day: string) =>
      renewalAlerts(r, DEFAULT_ALERT_RULES, day)[0].priority;
    // $24,000 a year: high inside the 30-day window, medium at 60 and 90 days out.
    expect(priorityOn(contract, '2026-10-02')).toBe('high');
    expect(priorityOn(contract, '2026-09-02')).toBe('medium');
    // $1,200 a year: medium in the last week, low before it; $20 a month is always low.
    expect(priorityOn(record(), '2026-10-25')).toBe('medium');
    expect(priorityOn(record(), '2026-10-02')).toBe('low');
    expect(priorityOn(record({ annualCostMinor: 24_000 }), '2026-10-31')).toBe('low');
  });

  it('weighs an auto-renewal by its cancel-by date: past it, a large charge is locked in and high', () => {
    const big = record({ annualCostMinor: 2_400_000, cycleCostMinor: 200_000 });
    const autoRenewal = (r: RenewalRecord) =>
      renewalAlerts(r, DEFAULT_ALERT_RULES, '2026-11-28').find((a) => a.type === 'auto-renewal');
    expect(autoRenewal(big)).toMatchObject({ priority: 'high', dueOn: '2026-11-01' });
    expect(autoRenewal(record({ annualCostMinor: 24_000 }))).toMatchObject({ priority: 'low' });
  });

  it('without a notice period, lets cancel-by reminders cover the renewal (no duplicate due-soon or auto-renewal)', () => {
    for (const autoRenew of [false, true]) {
      const keys = runDaily(
        record({ noticePeriodDays: 0, autoRenew }),
        DEFAULT_ALERT_RULES,
        '2026-06-01',
        '2026-12-01',
      );
      expect([...keys.keys()].every((k) => k.startsWith('cancel-by:'))).toBe(true);
      expect(keys.has('cancel-by:sub-1:2026-12-01:7')).toBe(true);
    }
    const withoutCancelBy = { ...DEFAULT_ALERT_RULES, cancelBy: { enabled: false, offsets: [] } };
    const keys = runDaily(record({ noticePeriodDays: 0 }), withoutCancelBy, '2026-06-01', '2026-12-01');
    expect([...keys.keys()]).toEqual(['due-soon:sub-1:2026-12-01:7', 'auto-renewal:sub-1:2026-12-01:3']);
  });

  it('stops reminding once the decision is to renew, and raises overdue once for undecided manual renewals', () => {
    expect(
      renewalAlerts(record({ decision: 'renew', autoRenew: false }), DEFAULT_ALERT_RULES, '2026-10-25'),
    ).toEqual([]);
    const overdue = renewalAlerts(
      record({ autoRenew: false, annualCostMinor: 500_000 }),
      DEFAULT_ALERT_RULES,
      '2026-12-03',
    );
    expect(overdue).toEqual([
      expect.objectContaining({
        type: 'overdue',
        priority: 'high',
        dueOn: '2026-12-01',
        dedupeKey: 'overdue:sub-1:2026-12-01',
        actionText: 'Decide now',
      }),
    ]);
    expect(
      renewalAlerts(record({ autoRenew: false, decision: 'renegotiate' }), DEFAULT_ALERT_RULES, '2026-12-03'),
    ).toEqual([]);
    expect(renewalAlerts(record({ autoRenew: true }), DEFAULT_ALERT_RULES, '2026-12-03')).toEqual([]);
  });

  it('raises no renewal alert for a renewal that costs nothing ($0.00 a cycle and a year)', () => {
    const free = record({ annualCostMinor: 0, cycleCostMinor: 0 });
    for (const autoRenew of [true, false])
      expect([
        ...runDaily({ ...free, autoRenew }, DEFAULT_ALERT_RULES, '2026-06-01', '2026-12-10').keys(),
      ]).toEqual([]);
  });

  it('honours custom offsets and disabled rules', () => {
    const rules: AlertRules = {
      ...DEFAULT_ALERT_RULES,
      cancelBy: { enabled: true, offsets: [400, 5] },
      dueSoon: { enabled: false, offsets: [7] },
      autoRenewal: { enabled: false, offsets: [3] },
    };
    const keys = runDaily(record(), rules, '2025-01-01', '2026-12-01');
    expect([...keys.keys()]).toEqual(['cancel-by:sub-1:2026-12-01:400', 'cancel-by:sub-1:2026-12-01:5']);
  });
});

describe('contract and cost alerts', () => {
  it('warns before a non-renewing contract ends', () => {
    const contract = {
      id: 'c-1',
      title: 'MSA 2026',
      endDate: '2026-12-31',
      noticePeriodDays: 0,
      subscriptionId: 'sub-1',
      subscriptionName: 'Slack',
      ownerUserId: null,
      annualCostMinor: 600_000,
      currency: 'USD',
    };
    expect(contractAlerts(contract, DEFAULT_ALERT_RULES, '2026-12-01')).toEqual([
      expect.objectContaining({
        type: 'contract-expiry',
        priority: 'medium',
        dueOn: '2026-12-31',
        dedupeKey: 'contract-expiry:c-1:2026-12-31:30',
        actionUrl: '/app/subscriptions/sub-1',
      }),
    ]);
    expect(contractAlerts(contract, DEFAULT_ALERT_RULES, '2026-12-24')[0].priority).toBe('high');
    expect(contractAlerts(contract, DEFAULT_ALERT_RULES, '2026-09-01')).toEqual([]);
  });

  it('words cost alerts for a charge above expected and one after cancellation, unless switched off', () => {
    const charge = {
      expenseId: 'e-1',
      subscriptionId: 'sub-1',
      name: 'Slack',
      ownerUserId: null,
      date: '2026-05-10',
      amountMinor: 12_500,
      currency: 'USD',
    };
    expect(
      overExpectedAlert({ ...charge, expectedMinor: 10_000, overPercent: 25 }, DEFAULT_ALERT_RULES),
    ).toEqual({
      type: 'cost-alert',
      title: 'Slack charged 25% more than expected',
      message:
        'A charge of $125.00 on May 10, 2026 is 25% above the expected $100.00 per billing cycle (alert threshold 10%). Check for a price increase, extra seats or usage.',
      // $25 over expected: little money at stake.
      priority: 'low',
      dueOn: null,
      subscriptionId: 'sub-1',
      ownerUserId: null,
      actionUrl: '/app/subscriptions/sub-1',
      actionText: 'Review charges',
      dedupeKey: 'cost-alert:expense:e-1',
    });
    const overBy = (amountMinor: number, expectedMinor: number) =>
      overExpectedAlert({ ...charge, amountMinor, expectedMinor, overPercent: 50 }, DEFAULT_ALERT_RULES)
        ?.priority;
    expect(overBy(45_000, 30_000)).toBe('medium');
    expect(overBy(450_000, 300_000)).toBe('high');
    expect(
      chargedAfterCancellationAlert({ ...charge, cancelledOn: '2026-05-01' }, DEFAULT_ALERT_RULES),
    ).toMatchObject({
      title: 'Still being charged for Slack',
      message: expect.stringContaining('arrived after Slack was cancelled on May 1, 2026'),
      // The whole $125 charge is at stake.
      priority: 'medium',
      dedupeKey: 'cost-alert:cancelled:e-1',
    });
    const off = { ...DEFAULT_ALERT_RULES, costAlert: { enabled: false, thresholdPct: 10 } };
    expect(overExpectedAlert({ ...charge, expectedMinor: 10_000, overPercent: 25 }, off)).toBeNull();
    expect(chargedAfterCancellationAlert({ ...charge, cancelledOn: null }, off)).toBeNull();
  });
});

describe('alert wording (issue 31)', () => {
  it('never says "in 0 days", "in 1 days" or an ISO date, on any day before or after the renewal', async () => {
    const { BAD_PLURAL, ISO_DATE_IN_PROSE } = await import('../../../common/wording');
    const everyDay = { ...DEFAULT_ALERT_RULES };
    for (const key of Object.keys(everyDay) as Array<keyof AlertRules>) {
      const rule = everyDay[key] as { offsets?: number[] };
      if (rule && Array.isArray(rule.offsets)) {
        (everyDay as Record<string, unknown>)[key] = { ...rule, enabled: true, offsets: [0, 1, 2, 7] };
      }
    }
    const texts: string[] = [];
    for (const r of [record({ noticePeriodDays: 1 }), record({ autoRenew: false, noticePeriodDays: 0 })]) {
      for (let day = '2026-11-20'; day <= '2026-12-03'; day = addDays(day, 1)) {
        for (const alert of renewalAlerts(r, everyDay, day)) texts.push(alert.title, alert.message);
      }
    }
    expect(texts.length).toBeGreaterThan(5);
    expect(texts).toContain('Slack: cancel-by date tomorrow');
    for (const text of texts) {
      expect(text).not.toMatch(BAD_PLURAL);
      expect(text).not.toMatch(ISO_DATE_IN_PROSE);
    }
  });
});
