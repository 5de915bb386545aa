import { describe, expect, it } from 'vitest';
import { autoMapping } from './mapping';
import { parseBoolean, parseCycle, parseDate, parseNoticeDays, parseStatus, parseUrl } from './parse-values';

describe('automatic mapping', () => {
  it('maps header synonyms and decorated headers, first column wins', () => {
    expect(
      autoMapping([
        'App Name',
        'Supplier',
        'Annual Cost (EUR)',
        'Billing Frequency',
        'Next Billing Date',
        'No. of Seats',
        'Owner Email Address',
        'Team',
        'Cost',
        'Whatever',
      ]),
    ).toEqual({
      name: 0,
      vendor: 1,
      amount: 2,
      billingCycle: 3,
      nextRenewalDate: 4,
      seats: 5,
      ownerEmail: 6,
      department: 7,
    });
  });
});

describe('cell values', () => {
  it.each([
    ['Monthly', 'monthly', null],
    ['per month', 'monthly', null],
    ['Annually', 'annual', null],
    ['12 months', 'annual', null],
    ['every 3 months', 'quarterly', null],
    ['Semi-annual', 'semi-annual', null],
    ['6 months', 'semi-annual', null],
    ['weekly', 'weekly', null],
    ['3 years', 'multi-year', 36],
    ['biennial', 'multi-year', 24],
    ['24 months', 'multi-year', 24],
  ])('cycle %s', (text, cycle, months) => {
    expect(parseCycle(text)).toEqual({ ok: true, value: { billingCycle: cycle, intervalMonths: months } });
  });

  it('refuses cycles it cannot hold', () => {
    for (const text of ['fortnightly', 'every 2 weeks', '5 months', 'multi-year'])
      expect(parseCycle(text).ok).toBe(false);
  });

  it.each([
    ['2026-03-01', 'ymd', '2026-03-01'],
    ['2026/3/1', 'mdy', '2026-03-01'],
    ['2026-03-01T00:00:00Z', 'mdy', '2026-03-01'],
    ['01.03.2026', 'mdy', '2026-03-01'],
    ['03/01/2026', 'mdy', '2026-03-01'],
    ['03/01/2026', 'dmy', '2026-01-03'],
    ['3/1/26', 'mdy', '2026-03-01'],
    ['1 Mar 2026', 'mdy', '2026-03-01'],
    ['March 1, 2026', 'dmy', '2026-03-01'],
    ['1-Mar-26', 'mdy', '2026-03-01'],
    ['46082', 'mdy', '2026-03-01'],
    ['2024-02-29', 'ymd', '2024-02-29'],
  ] as const)('date %s (%s)', (text, order, expected) => {
    expect(parseDate(text, order)).toEqual({ ok: true, value: expected });
  });

  it('refuses impossible dates', () => {
    for (const text of ['2026-02-29', '31/02/2026', 'tomorrow', '2026-13-01'])
      expect(parseDate(text, 'dmy').ok).toBe(false);
  });

  it('reads statuses, booleans, notice periods and URLs', () => {
    expect(parseStatus('Canceled')).toEqual({ ok: true, value: 'cancelled' });
    expect(parseStatus('Enabled')).toEqual({ ok: true, value: 'active' });
    expect(parseStatus('free trial')).toEqual({ ok: true, value: 'trial' });
    expect(parseStatus('maybe').ok).toBe(false);
    expect(parseBoolean('Manual')).toEqual({ ok: true, value: false });
    expect(parseBoolean('Y')).toEqual({ ok: true, value: true });
    expect(parseNoticeDays('60 days')).toEqual({ ok: true, value: 60 });
    expect(parseNoticeDays('3 months')).toEqual({ ok: true, value: 90 });
    expect(parseNoticeDays('soon').ok).toBe(false);
    expect(parseUrl('slack.com')).toEqual({ ok: true, value: 'https://slack.com' });
    expect(parseUrl('ftp://x.org').ok).toBe(false);
    expect(parseUrl('not a url').ok).toBe(false);
  });
});
