import { describe, expect, it } from 'vitest';
import {
  BAD_PLURAL,
  formatProseDate,
  formatProseDateTime,
  formatProseMonth,
  formatProsePeriod,
  inDays,
  plural,
  pluralWord,
} from './wording';

describe('plural', () => {
  it('says one and many', () => {
    expect(plural(1, 'seat')).toBe('1 seat');
    expect(plural(0, 'seat')).toBe('0 seats');
    expect(plural(2, 'seat')).toBe('2 seats');
    expect(plural(1200, 'seat')).toBe('1,200 seats');
    expect(plural(1, 'person')).toBe('1 person');
    expect(plural(3, 'person')).toBe('3 people');
    expect(plural(2, 'category')).toBe('2 categories');
    expect(plural(2, 'day')).toBe('2 days');
    expect(plural(2, 'license')).toBe('2 licenses');
    expect(plural(2, 'match')).toBe('2 matches');
    expect(plural(2, 'criterion', 'criteria')).toBe('2 criteria');
    expect(pluralWord(1, 'has')).toBe('has');
    expect(pluralWord(4, 'has')).toBe('have');
  });
});

describe('inDays', () => {
  it('never says "in 0 days" or "in 1 days"', () => {
    expect(inDays(0)).toBe('today');
    expect(inDays(1)).toBe('tomorrow');
    expect(inDays(5)).toBe('in 5 days');
    expect(inDays(-1)).toBe('yesterday');
    expect(inDays(-3)).toBe('3 days ago');
    for (let n = -40; n <= 40; n++) expect(inDays(n)).not.toMatch(BAD_PLURAL);
  });
});

describe('formatProseDate', () => {
  it('reads a calendar date as "Dec 6, 2026"', () => {
    expect(formatProseDate('2026-12-06')).toBe('Dec 6, 2026');
    expect(formatProseDate('2026-01-31T23:00:00.000Z')).toBe('Jan 31, 2026');
    expect(formatProseDate('not a date')).toBe('not a date');
    expect(formatProseMonth('2026-03')).toBe('Mar 2026');
    expect(formatProsePeriod('2025-12-01', '2026-11-30')).toBe('Dec 1, 2025 – Nov 30, 2026');
  });
});

describe('formatProseDateTime', () => {
  it('reads a moment in UTC', () => {
    expect(formatProseDateTime('2026-12-02T04:03:10.000Z')).toBe('Dec 2, 2026, 04:03 UTC');
  });
});
