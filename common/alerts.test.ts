import { describe, expect, it } from 'vitest';
import { alertRulesSchema, DEFAULT_ALERT_RULES, dueOffset, offsetList } from './alerts';

describe('dueOffset', () => {
  const offsets = [90, 60, 30, 14, 7, 1];
  it('fires each offset on its own day', () => {
    for (const o of offsets) expect(dueOffset(offsets, o)).toBe(o);
  });
  it('between offsets answers the last one passed (already sent, so deduplicated)', () => {
    expect(dueOffset(offsets, 59)).toBe(60);
    expect(dueOffset(offsets, 2)).toBe(7);
  });
  it('after a gap answers only the latest one due, not every missed one', () => {
    expect(dueOffset(offsets, 10)).toBe(14);
  });
  it('answers nothing before the first offset or after the date', () => {
    expect(dueOffset(offsets, 91)).toBeNull();
    expect(dueOffset(offsets, -1)).toBeNull();
    expect(dueOffset([], 3)).toBeNull();
  });
});

describe('offset lists', () => {
  it('accept any positive whole numbers without an upper cap, deduplicated and sorted', () => {
    expect(offsetList.parse([7, 400, 7, 1, 90])).toEqual([400, 90, 7, 1]);
    expect(offsetList.parse([1000])).toEqual([1000]);
  });
  it('refuse zero, negatives and fractions', () => {
    expect(offsetList.safeParse([0]).success).toBe(false);
    expect(offsetList.safeParse([-5]).success).toBe(false);
    expect(offsetList.safeParse([1.5]).success).toBe(false);
  });
  it('the defaults are valid rules', () => {
    expect(alertRulesSchema.parse(DEFAULT_ALERT_RULES)).toEqual(DEFAULT_ALERT_RULES);
    expect(DEFAULT_ALERT_RULES.cancelBy.offsets).toEqual([90, 60, 30, 14, 7, 1]);
  });
});
