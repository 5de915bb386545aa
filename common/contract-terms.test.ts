import { describe, expect, it } from 'vitest';
import { currentTermEnd, successorTerms, termEndDate, termMonths } from './contract-terms';

describe('termMonths', () => {
  it.each([
    ['2026-01-01', '2026-12-31', 12],
    ['2025-03-15', '2026-03-14', 12],
    ['2026-01-31', '2026-02-27', 1],
    ['2026-01-31', '2026-02-28', 1],
    ['2024-01-01', '2026-12-31', 36],
    ['2026-01-01', '2026-01-10', 1],
    ['2026-01-01', '2026-06-30', 6],
  ])('%s..%s is %i months', (start, end, months) => {
    expect(termMonths(start, end)).toBe(months);
  });
});

describe('successorTerms', () => {
  it('starts the day after the old end and runs for the renewal term', () => {
    expect(successorTerms({ startDate: '2025-03-01', endDate: '2026-02-28', renewalTermMonths: 12 })).toEqual(
      {
        startDate: '2026-03-01',
        endDate: '2027-02-28',
      },
    );
  });

  it('repeats the old term length when no renewal term is set, across a leap day', () => {
    expect(
      successorTerms({ startDate: '2027-03-01', endDate: '2028-02-29', renewalTermMonths: null }),
    ).toEqual({
      startDate: '2028-03-01',
      endDate: '2029-02-28',
    });
  });

  it('takes overrides', () => {
    expect(
      successorTerms(
        { startDate: '2026-01-01', endDate: '2026-12-31', renewalTermMonths: 12 },
        { endDate: '2028-12-31' },
      ),
    ).toEqual({ startDate: '2027-01-01', endDate: '2028-12-31' });
  });
});

describe('termEndDate', () => {
  it.each([
    ['2026-01-15', 12, '2027-01-14'],
    ['2026-01-01', 12, '2026-12-31'],
    ['2026-01-31', 1, '2026-02-27'], // the term runs to Feb 28, whose day before is the 27th
    ['2024-02-29', 12, '2025-02-27'],
    ['2026-03-01', 36, '2029-02-28'],
  ])('%s + %i months ends %s', (start, months, end) => {
    expect(termEndDate(start, months)).toBe(end);
    expect(termMonths(start, end)).toBe(months);
  });
});

describe('currentTermEnd', () => {
  it.each([
    ['2026-01-15', 12, '2026-03-10', true, '2027-01-14'],
    ['2023-01-15', 12, '2026-03-10', true, '2027-01-14'],
    ['2023-01-15', 12, '2026-01-14', true, '2026-01-14'],
    ['2023-01-15', 12, '2026-01-15', true, '2027-01-14'],
    ['2023-01-15', 12, '2026-03-10', false, '2024-01-14'],
    ['2024-01-31', 1, '2026-03-10', true, '2026-03-30'],
    ['2020-06-01', 36, '2026-03-10', true, '2026-05-31'],
    ['2026-06-01', 12, '2026-03-10', true, '2027-05-31'],
  ])('start %s, %i months, on %s (auto-renew %s) → %s', (startDate, months, today, autoRenew, end) => {
    expect(currentTermEnd({ startDate, months, today, autoRenew })).toBe(end);
  });
});
