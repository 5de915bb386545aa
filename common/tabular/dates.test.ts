import { describe, expect, it } from 'vitest';
import { parseLooseCalendarDate, parseLooseDate, parseLooseInstant } from './dates';

const iso = (text: string) => {
  const result = parseLooseInstant(text);
  return result.ok ? (result.value?.toISOString() ?? null) : 'invalid';
};

describe('parseLooseInstant', () => {
  it('reads the shapes admin consoles export', () => {
    expect(iso('2026-03-01')).toBe('2026-03-01T00:00:00.000Z'); // Microsoft 365
    expect(iso('2026-03-01T10:20:11.000Z')).toBe('2026-03-01T10:20:11.000Z'); // Okta
    expect(iso('2026/03/01 10:20:11 GMT')).toBe('2026-03-01T10:20:11.000Z'); // Google Workspace
    expect(iso('Mar 1, 2026')).toBe('2026-03-01T00:00:00.000Z'); // Slack
    expect(iso('March 1, 2026 at 4:05 PM')).toBe('2026-03-01T16:05:00.000Z');
    expect(iso('3/1/2026 12:30 AM')).toBe('2026-03-01T00:30:00.000Z');
    expect(iso('01.03.2026')).toBe('2026-03-01T00:00:00.000Z');
    expect(iso('1 Mar 2026')).toBe('2026-03-01T00:00:00.000Z');
    expect(iso('2026-03-01T10:00:00+02:00')).toBe('2026-03-01T08:00:00.000Z');
  });

  it('answers null for never-like cells and invalid for garbage or impossible dates', () => {
    expect(iso('')).toBeNull();
    expect(iso('Never logged in')).toBeNull();
    expect(iso('N/A')).toBeNull();
    expect(iso('yesterday')).toBe('invalid');
    expect(iso('2026-02-30')).toBe('invalid');
    expect(iso('13/01/2026')).toBe('invalid');
    expect(iso('2026-03-01 25:00')).toBe('invalid');
    expect(iso('Foo 1, 2026')).toBe('invalid');
  });
});

describe('parseLooseCalendarDate', () => {
  it('answers a calendar date, null when blank, invalid when unreadable', () => {
    expect(parseLooseCalendarDate('2026-03-01')).toEqual({ ok: true, value: '2026-03-01' });
    expect(parseLooseCalendarDate('3/1/2026')).toEqual({ ok: true, value: '2026-03-01' });
    expect(parseLooseCalendarDate(' ')).toEqual({ ok: true, value: null });
    expect(parseLooseCalendarDate('soon')).toEqual({ ok: false });
  });
});

describe('parseLooseDate with month names', () => {
  it('reads English, German, French and Spanish month names as invoices print them', () => {
    expect(parseLooseDate('12 March 2026', 'dmy')).toBe('2026-03-12');
    expect(parseLooseDate('March 12, 2026', 'dmy')).toBe('2026-03-12');
    expect(parseLooseDate('12th March 2026', 'mdy')).toBe('2026-03-12');
    expect(parseLooseDate('12. März 2026', 'dmy')).toBe('2026-03-12');
    expect(parseLooseDate('1. Dez. 2026', 'dmy')).toBe('2026-12-01');
    expect(parseLooseDate('3 févr. 2026', 'dmy')).toBe('2026-02-03');
    expect(parseLooseDate('15 juil. 2026', 'dmy')).toBe('2026-07-15');
    expect(parseLooseDate('4 juin 2026', 'dmy')).toBe('2026-06-04');
    expect(parseLooseDate('2 ene 2026', 'dmy')).toBe('2026-01-02');
    expect(parseLooseDate('29 maart 2026', 'dmy')).toBe('2026-03-29');
    expect(parseLooseDate('3 mei 2026', 'dmy')).toBe('2026-05-03');
    expect(parseLooseDate('12 Mittwoch 2026', 'dmy')).toBeNull();
  });
});
