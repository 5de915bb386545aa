// The period a report covers: the last 12 full months unless asked otherwise (the renewals calendar
// looks ahead: the next 90 days from today).
import type { ReportKey } from '../../../common/contracts/reports';
import { addDays, addMonths, daysBetween, isValidCalendarDate, startOfMonth } from '../../../common/dates';
import { invalidFields } from '../../errors';

export interface ReportRange {
  from: string;
  to: string;
}

/** Ten years is more than any data the product keeps and bounds the work of one report. */
const MAX_DAYS = 3660;
const LOOK_AHEAD_DAYS = 90;

function defaultRange(key: ReportKey, today: string): ReportRange {
  if (key === 'renewals-calendar') return { from: today, to: addDays(today, LOOK_AHEAD_DAYS - 1) };
  const thisMonth = startOfMonth(today);
  return { from: addMonths(thisMonth, -12), to: addDays(thisMonth, -1) };
}

/** The requested range with its gaps filled; 400 for a malformed, reversed or over-long one. */
export function resolveRange(
  key: ReportKey,
  requested: { from?: string; to?: string },
  today: string,
): ReportRange {
  for (const field of ['from', 'to'] as const) {
    const value = requested[field];
    if (value !== undefined && !isValidCalendarDate(value)) {
      throw invalidFields([{ field, message: 'Use a calendar date, YYYY-MM-DD' }]);
    }
  }
  const fallback = defaultRange(key, today);
  const span = daysBetween(fallback.from, fallback.to);
  const from = requested.from ?? (requested.to ? addDays(requested.to, -span) : fallback.from);
  const to = requested.to ?? (requested.from ? addDays(requested.from, span) : fallback.to);
  if (from > to) throw invalidFields([{ field: 'from', message: 'from must not be after to' }]);
  if (daysBetween(from, to) > MAX_DAYS) {
    throw invalidFields([{ field: 'to', message: 'A report covers at most ten years' }]);
  }
  return { from, to };
}
