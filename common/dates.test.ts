import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  daysUntil,
  endOfMonth,
  fiscalPeriod,
  fiscalYearStart,
  formatCalendarDate,
  isLeapYear,
  isoWeekday,
  isValidCalendarDate,
  parseCalendarDate,
  startOfMonth,
  todayInTimeZone,
  type FiscalPeriod,
} from './dates';

// Independent reference built on Date.UTC, for sweeping checks.
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMs = (s: string) => Date.parse(`${s}T00:00:00Z`);
function* everyDay(from: string, to: string): Generator<string> {
  for (let ms = utcMs(from); ms <= utcMs(to); ms += 86_400_000) yield utcDate(ms);
}

describe('isLeapYear / daysInMonth', () => {
  it.each([
    [1900, false],
    [2000, true],
    [2023, false],
    [2024, true],
    [2028, true],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%i) = %s', (y, leap) => expect(isLeapYear(y)).toBe(leap));

  it.each([
    [2024, 1, 31],
    [2024, 2, 29],
    [2023, 2, 28],
    [2100, 2, 28],
    [2000, 2, 29],
    [2024, 4, 30],
    [2024, 6, 30],
    [2024, 9, 30],
    [2024, 11, 30],
    [2024, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (y, m, n) => expect(daysInMonth(y, m)).toBe(n));
});

describe('parseCalendarDate / formatCalendarDate / isValidCalendarDate', () => {
  it.each([
    ['2024-02-29', { y: 2024, m: 2, d: 29 }],
    ['2000-02-29', { y: 2000, m: 2, d: 29 }],
    ['1999-12-31', { y: 1999, m: 12, d: 31 }],
    ['0005-01-01', { y: 5, m: 1, d: 1 }],
    ['9999-12-31', { y: 9999, m: 12, d: 31 }],
  ])('%s round-trips', (s, parts) => {
    expect(isValidCalendarDate(s)).toBe(true);
    expect(parseCalendarDate(s)).toEqual(parts);
    expect(formatCalendarDate(parts)).toBe(s);
  });

  it.each([
    '',
    '2024-1-01',
    '2024-01-1',
    '20240101',
    '2024/01/01',
    ' 2024-01-01',
    '2024-01-01 ',
    '2024-01-01T00:00:00Z',
    '+02024-01-01',
    'abcd-ef-gh',
    '2023-02-29',
    '2100-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-01-32',
  ])('%j is not a calendar date', (s) => {
    expect(isValidCalendarDate(s)).toBe(false);
    expect(() => parseCalendarDate(s)).toThrow(RangeError);
  });

  it('rejects non-strings at runtime', () => {
    expect(isValidCalendarDate(20240101 as unknown as string)).toBe(false);
    expect(isValidCalendarDate(null as unknown as string)).toBe(false);
  });

  it.each([
    { y: 2023, m: 2, d: 29 },
    { y: 2024, m: 13, d: 1 },
    { y: 2024, m: 0, d: 1 },
    { y: 2024, m: 1, d: 0 },
    { y: 10000, m: 1, d: 1 },
    { y: -1, m: 1, d: 1 },
    { y: 2024.5, m: 1, d: 1 },
    { y: 2024, m: 1, d: Number.NaN },
  ])('formatCalendarDate(%j) throws', (parts) => expect(() => formatCalendarDate(parts)).toThrow(RangeError));

  it('agrees with Date on every day of 1900, 2000, 2023, 2024 and 2100, and rejects the rest', () => {
    for (const y of [1900, 2000, 2023, 2024, 2100]) {
      for (let m = 1; m <= 12; m++) {
        for (let d = 1; d <= 31; d++) {
          const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = !Number.isNaN(utcMs(s)) && utcDate(utcMs(s)) === s;
          expect(isValidCalendarDate(s), s).toBe(real);
        }
      }
    }
  });
});

describe('addDays', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-01-01', 366, '2025-01-01'],
    ['2023-01-01', 365, '2024-01-01'],
    ['2024-03-10', 1, '2024-03-11'], // US DST starts: no drift in UTC arithmetic
    ['2024-10-27', 1, '2024-10-28'], // EU DST ends
    ['2024-06-15', 0, '2024-06-15'],
    ['2024-01-01', 36524, '2124-01-01'], // 100 years, 24 leap days: 2100 is not leap
    ['0099-12-31', 1, '0100-01-01'], // years below 100 are not mapped to 19xx
  ])('addDays(%s, %i) = %s', (date, n, expected) => expect(addDays(date, n)).toBe(expected));

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects n = %s', (n) => {
    expect(() => addDays('2024-01-01', n)).toThrow(RangeError);
  });

  it('rejects an invalid date', () => expect(() => addDays('2024-02-30', 1)).toThrow(RangeError));

  it('matches Date.UTC and inverts daysBetween over 2023–2025', () => {
    for (const day of everyDay('2023-01-01', '2025-12-31')) {
      for (const n of [-400, -31, -1, 1, 29, 365, 1000]) {
        const got = addDays(day, n);
        expect(got).toBe(utcDate(utcMs(day) + n * 86_400_000));
        expect(daysBetween(day, got)).toBe(n);
      }
    }
  });
});

describe('addMonths', () => {
  it.each([
    ['2024-01-31', 1, undefined, '2024-02-29'], // leap February
    ['2023-01-31', 1, undefined, '2023-02-28'],
    ['2100-01-31', 1, undefined, '2100-02-28'], // 2100 is not leap
    ['2024-03-31', 1, undefined, '2024-04-30'],
    ['2024-08-31', 6, undefined, '2025-02-28'],
    ['2023-08-31', 6, undefined, '2024-02-29'],
    ['2024-02-29', 12, undefined, '2025-02-28'],
    ['2024-02-29', 48, undefined, '2028-02-29'],
    ['2096-02-29', 48, undefined, '2100-02-28'],
    ['2024-11-30', 3, undefined, '2025-02-28'],
    ['2024-01-15', 1, undefined, '2024-02-15'],
    ['2024-12-15', 1, undefined, '2025-01-15'],
    ['2024-01-15', -1, undefined, '2023-12-15'],
    ['2024-03-31', -1, undefined, '2024-02-29'],
    ['2024-01-31', -13, undefined, '2022-12-31'],
    ['2021-03-31', 36, undefined, '2024-03-31'],
    ['2024-05-20', 0, undefined, '2024-05-20'],
    ['2024-02-29', 1, 31, '2024-03-31'], // the anchor day wins over the clamped day
    ['2023-02-28', 1, 31, '2023-03-31'],
    ['2023-02-28', 1, undefined, '2023-03-28'], // without the anchor the day drifts
    ['2024-04-30', 1, 31, '2024-05-31'],
    ['2024-06-30', 2, 31, '2024-08-31'],
    ['2024-01-30', 1, 30, '2024-02-29'],
    ['2024-02-15', 0, 31, '2024-02-29'],
  ])('addMonths(%s, %i, %s) = %s', (date, n, anchor, expected) => {
    expect(addMonths(date, n, anchor)).toBe(expected);
  });

  it('keeps the Jan 31 anchor when rolling month by month through a year', () => {
    const dates: string[] = [];
    let date = '2024-01-31';
    for (let i = 0; i < 13; i++) dates.push((date = addMonths(date, 1, 31)));
    expect(dates).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
      '2025-02-28',
    ]);
  });

  it.each([0, 32, 1.5, Number.NaN])('rejects anchorDay %s', (anchor) => {
    expect(() => addMonths('2024-01-31', 1, anchor)).toThrow(RangeError);
  });

  it.each([0.5, Number.NaN])('rejects n = %s', (n) =>
    expect(() => addMonths('2024-01-31', n)).toThrow(RangeError),
  );

  it('matches a Date.UTC reference with month-end clamping over 2023–2025', () => {
    for (const day of everyDay('2023-01-01', '2025-12-31')) {
      const [y, m, d] = day.split('-').map(Number);
      for (const n of [-25, -12, -1, 1, 2, 3, 6, 11, 12, 13, 24, 36, 48]) {
        const lastDay = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
        const expected = utcDate(Date.UTC(y, m - 1 + n, Math.min(d, lastDay)));
        expect(addMonths(day, n), `${day} + ${n}`).toBe(expected);
      }
    }
  });
});

describe('daysBetween / daysUntil', () => {
  it.each([
    ['2024-05-05', '2024-05-05', 0],
    ['2024-01-01', '2024-12-31', 365],
    ['2023-01-01', '2024-01-01', 365],
    ['2024-01-01', '2025-01-01', 366],
    ['2025-01-01', '2024-01-01', -366],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2100-02-28', '2100-03-01', 1],
    ['2000-02-28', '2000-03-01', 2],
    ['2024-03-09', '2024-03-11', 2], // across a DST change
    ['2024-12-31', '2025-01-01', 1],
    ['1970-01-01', '2000-01-01', 10957],
  ])('daysBetween(%s, %s) = %i', (from, to, n) => expect(daysBetween(from, to)).toBe(n));

  it.each([
    ['2024-07-10', '2024-07-01', 9],
    ['2024-07-01', '2024-07-01', 0],
    ['2024-06-30', '2024-07-01', -1],
    ['2025-01-05', '2024-12-28', 8],
  ])('daysUntil(%s, today %s) = %i', (target, today, n) => expect(daysUntil(target, today)).toBe(n));

  it('rejects invalid dates', () => {
    expect(() => daysBetween('2024-02-30', '2024-03-01')).toThrow(RangeError);
    expect(() => daysUntil('2024-03-01', 'today')).toThrow(RangeError);
  });
});

describe('todayInTimeZone', () => {
  it.each([
    ['2024-03-10T04:30:00Z', 'UTC', '2024-03-10'],
    ['2024-03-10T04:30:00Z', 'America/New_York', '2024-03-09'],
    ['2024-03-10T04:30:00Z', 'Asia/Tokyo', '2024-03-10'],
    ['2024-12-31T10:00:00Z', 'Pacific/Kiritimati', '2025-01-01'], // UTC+14
    ['2025-01-01T05:00:00Z', 'Pacific/Pago_Pago', '2024-12-31'], // UTC−11
    ['2024-06-30T18:29:59Z', 'Asia/Kolkata', '2024-06-30'], // UTC+5:30
    ['2024-06-30T18:30:00Z', 'Asia/Kolkata', '2024-07-01'],
    ['2024-02-29T23:59:59Z', 'Europe/London', '2024-02-29'],
    ['2024-07-31T23:30:00Z', 'Europe/London', '2024-08-01'], // BST
    ['2024-11-03T06:30:00Z', 'America/Los_Angeles', '2024-11-02'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(todayInTimeZone(new Date(instant), zone)).toBe(expected);
  });

  it('defaults to UTC', () => expect(todayInTimeZone(new Date('2024-01-01T23:59:59Z'))).toBe('2024-01-01'));

  it('rejects an unknown zone and an invalid instant', () => {
    expect(() => todayInTimeZone(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => todayInTimeZone(new Date('nope'))).toThrow(RangeError);
  });
});

describe('startOfMonth / endOfMonth', () => {
  it.each([
    ['2024-02-10', '2024-02-01', '2024-02-29'],
    ['2023-02-28', '2023-02-01', '2023-02-28'],
    ['2100-02-01', '2100-02-01', '2100-02-28'],
    ['2024-04-30', '2024-04-01', '2024-04-30'],
    ['2024-12-31', '2024-12-01', '2024-12-31'],
    ['2025-01-01', '2025-01-01', '2025-01-31'],
  ])('%s → %s … %s', (date, start, end) => {
    expect(startOfMonth(date)).toBe(start);
    expect(endOfMonth(date)).toBe(end);
  });
});

describe('fiscalYearStart', () => {
  it.each([
    ['2024-03-31', 4, '2023-04-01'],
    ['2024-04-01', 4, '2024-04-01'],
    ['2024-12-31', 4, '2024-04-01'],
    ['2025-01-15', 4, '2024-04-01'],
    ['2024-01-01', 1, '2024-01-01'],
    ['2024-12-31', 1, '2024-01-01'],
    ['2024-06-30', 7, '2023-07-01'],
    ['2024-07-01', 7, '2024-07-01'],
    ['2024-11-30', 12, '2023-12-01'],
    ['2024-12-01', 12, '2024-12-01'],
  ])('fiscalYearStart(%s, %i) = %s', (date, month, expected) => {
    expect(fiscalYearStart(date, month)).toBe(expected);
  });

  it.each([0, 13, 1.5, Number.NaN])('rejects fiscal start month %s', (month) => {
    expect(() => fiscalYearStart('2024-01-01', month)).toThrow(RangeError);
  });
});

describe('fiscalPeriod', () => {
  it.each<[string, number, FiscalPeriod, string, string]>([
    // Fiscal year starting in April.
    ['2024-04-01', 4, 'quarterly', '2024-04-01', '2024-06-30'],
    ['2024-06-30', 4, 'quarterly', '2024-04-01', '2024-06-30'],
    ['2024-07-01', 4, 'quarterly', '2024-07-01', '2024-09-30'],
    ['2024-12-31', 4, 'quarterly', '2024-10-01', '2024-12-31'],
    ['2025-01-01', 4, 'quarterly', '2025-01-01', '2025-03-31'],
    ['2025-03-31', 4, 'quarterly', '2025-01-01', '2025-03-31'],
    ['2025-02-14', 4, 'annual', '2024-04-01', '2025-03-31'],
    ['2024-04-01', 4, 'annual', '2024-04-01', '2025-03-31'],
    ['2024-03-31', 4, 'annual', '2023-04-01', '2024-03-31'],
    ['2024-02-10', 4, 'monthly', '2024-02-01', '2024-02-29'],
    // Fiscal year starting in January (calendar year).
    ['2024-01-01', 1, 'quarterly', '2024-01-01', '2024-03-31'],
    ['2024-02-29', 1, 'quarterly', '2024-01-01', '2024-03-31'],
    ['2024-11-15', 1, 'quarterly', '2024-10-01', '2024-12-31'],
    ['2024-07-04', 1, 'annual', '2024-01-01', '2024-12-31'],
    ['2024-12-31', 1, 'annual', '2024-01-01', '2024-12-31'],
    ['2023-02-14', 1, 'monthly', '2023-02-01', '2023-02-28'],
    // Quarters and years spanning the calendar year end.
    ['2025-01-15', 11, 'quarterly', '2024-11-01', '2025-01-31'],
    ['2025-02-01', 11, 'quarterly', '2025-02-01', '2025-04-30'],
    ['2025-01-15', 11, 'annual', '2024-11-01', '2025-10-31'],
    ['2024-01-20', 2, 'quarterly', '2023-11-01', '2024-01-31'],
    ['2024-02-29', 3, 'annual', '2023-03-01', '2024-02-29'],
    ['2024-12-31', 7, 'quarterly', '2024-10-01', '2024-12-31'],
    ['2024-06-30', 7, 'annual', '2023-07-01', '2024-06-30'],
  ])('fiscalPeriod(%s, %i, %s) = %s … %s', (date, month, period, start, end) => {
    expect(fiscalPeriod(date, month, period)).toEqual({ start, end });
  });

  it('always returns the 1-, 3- or 12-month span holding the date, aligned to the fiscal year', () => {
    for (const day of everyDay('2023-12-01', '2025-01-31')) {
      for (let month = 1; month <= 12; month++) {
        for (const [period, months] of [
          ['monthly', 1],
          ['quarterly', 3],
          ['annual', 12],
        ] as const) {
          const { start, end } = fiscalPeriod(day, month, period);
          expect(start <= day && day <= end, `${day} ${month} ${period}`).toBe(true);
          expect(start.endsWith('-01')).toBe(true);
          expect(end).toBe(endOfMonth(addMonths(start, months - 1)));
          expect(daysBetween(fiscalYearStart(day, month), start) >= 0).toBe(true);
          const offset = (parseCalendarDate(start).m - month + 12) % 12;
          expect(offset % months).toBe(0);
        }
      }
    }
  });

  it('rejects an unknown period and a bad start month', () => {
    expect(() => fiscalPeriod('2024-01-01', 1, 'weekly' as FiscalPeriod)).toThrow(RangeError);
    expect(() => fiscalPeriod('2024-01-01', 0, 'annual')).toThrow(RangeError);
  });
});

describe('isoWeekday', () => {
  it.each([
    ['1970-01-01', 4],
    ['2026-11-30', 1],
    ['2026-11-29', 7],
    ['1969-12-29', 1],
    ['2024-02-29', 4],
  ])('isoWeekday(%s) = %i', (date, expected) => {
    expect(isoWeekday(date)).toBe(expected);
  });
  it('agrees with Date for every day of a few years', () => {
    for (let day = '2023-01-01'; day < '2027-01-01'; day = addDays(day, 1))
      expect(isoWeekday(day)).toBe(((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
  });
});
