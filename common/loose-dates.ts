// Lenient date reading for imported files: HR exports and admin-console activity reports write
// dates in many shapes (ISO, 2024/05/03 10:20:11 GMT, 5/3/2024, Mar 3, 2024, 03.05.2024).

import { daysInMonth, formatCalendarDate } from './dates';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Cells that mean "no activity recorded" in the exports we know. */
const NEVER = new Set([
  '',
  'never',
  'never logged in',
  'never active',
  'n/a',
  'na',
  '-',
  '--',
  'none',
  'null',
]);

interface Parts {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
  /** Offset from UTC in minutes, when the text names one. */
  offset: number;
}

function timeParts(rest: string): Pick<Parts, 'hh' | 'mm' | 'ss' | 'offset'> | null {
  const text = rest.trim();
  if (text === '') return { hh: 0, mm: 0, ss: 0, offset: 0 };
  const match =
    /^[T ]?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?\s*(z|utc|gmt|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!match) return null;
  let hh = Number(match[1]);
  const meridiem = match[4]?.toLowerCase();
  if (meridiem) {
    if (hh < 1 || hh > 12) return null;
    hh = (hh % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  const mm = Number(match[2]);
  const ss = Number(match[3] ?? 0);
  if (hh > 23 || mm > 59 || ss > 59) return null;
  let offset = 0;
  const zone = match[5]?.toLowerCase();
  if (zone && zone !== 'z' && zone !== 'utc' && zone !== 'gmt') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  return { hh, mm, ss, offset };
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function readParts(raw: string): Parts | null {
  const text = raw.trim();
  let m: RegExpExecArray | null;
  let date: { y: number; m: number; d: number } | null = null;
  let rest = '';
  if ((m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(.*)$/.exec(text))) {
    date = { y: +m[1], m: +m[2], d: +m[3] };
    rest = m[4];
  } else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(.*)$/.exec(text))) {
    date = { y: +m[3], m: +m[1], d: +m[2] }; // US order, as the en-US exports write it
    rest = m[4];
  } else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(.*)$/.exec(text))) {
    date = { y: +m[3], m: +m[2], d: +m[1] };
    rest = m[4];
  } else if ((m = /^([a-z]{3,9})\.? (\d{1,2}),? (\d{4})(.*)$/i.exec(text))) {
    date = { y: +m[3], m: monthIndex(m[1]), d: +m[2] };
    rest = m[4].replace(/^,?\s*(at\s+)?/i, ' ');
  } else if ((m = /^(\d{1,2}) ([a-z]{3,9})\.?,? (\d{4})(.*)$/i.exec(text))) {
    date = { y: +m[3], m: monthIndex(m[2]), d: +m[1] };
    rest = m[4].replace(/^,?\s*/, ' ');
  }
  if (!date || date.y < 1900 || date.y > 9999 || date.m < 1 || date.m > 12) return null;
  if (date.d < 1 || date.d > daysInMonth(date.y, date.m)) return null;
  const time = timeParts(rest);
  return time ? { ...date, ...time } : null;
}

export type LooseResult<T> = { ok: true; value: T | null } | { ok: false };

/** An instant from an export cell; `value: null` for "never"/blank, `ok: false` when unreadable. */
export function parseLooseInstant(raw: string): LooseResult<Date> {
  if (NEVER.has(raw.trim().toLowerCase())) return { ok: true, value: null };
  const parts = readParts(raw);
  if (!parts) return { ok: false };
  const utc = Date.UTC(parts.y, parts.m - 1, parts.d, parts.hh, parts.mm, parts.ss) - parts.offset * 60_000;
  return { ok: true, value: new Date(utc) };
}

/** A calendar date (YYYY-MM-DD) from an export cell; `value: null` when blank. */
export function parseLooseCalendarDate(raw: string): LooseResult<string> {
  if (raw.trim() === '') return { ok: true, value: null };
  const parts = readParts(raw);
  if (!parts) return { ok: false };
  return { ok: true, value: formatCalendarDate(parts) };
}
