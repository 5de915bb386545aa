// Dates in imported cells, one parser for every importer: ISO (with a time or not), compact
// 20260105, dotted 01.03.2026 (day first everywhere), slashed or dashed 3/1/2026 in the file's
// order, month names (1 Mar 2026, Mar 1st, 2026, 1-Mar-26, 12. März 2026, 3 févr. 2026), Excel serial
// days, two-digit years.
import { addDays, daysInMonth, formatCalendarDate } from '../dates';

/** How a slashed a/b/yyyy date is read; `ymd` accepts year-first dates only (ISO, compact). */
export type DateOrder = 'ymd' | 'mdy' | 'dmy';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** German, French, Spanish, Dutch and Italian month abbreviations that differ from the English ones (invoices use them). */
// prettier-ignore
const OTHER_MONTHS: Record<string, number> = {
  jän: 1, mär: 3, mrz: 3, mai: 5, okt: 10, dez: 12, // German
  janv: 1, fév: 2, févr: 2, avr: 4, juin: 6, juil: 7, aoû: 8, déc: 12, // French
  ene: 1, abr: 4, ago: 8, dic: 12, // Spanish
  maa: 3, mei: 5, // Dutch
  gen: 1, mag: 5, giu: 6, lug: 7, set: 9, ott: 10, // Italian (set: also Spanish "setiembre")
};
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

const REST = String.raw`((?:[T\s,].*)?)$`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${REST}`, 'i');
const COMPACT = /^(\d{4})(\d{2})(\d{2})\d*$/; // 20260105 or 20260105120000
const DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})${REST}`, 'i');
const SLASHED = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})${REST}`, 'i');
const DAY_MONTH = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th|\.)?[\s-](\p{L}{3,9})\.?,?[\s-](\d{4}|\d{2})${REST}`,
  'iu',
);
const MONTH_DAY = new RegExp(String.raw`^(\p{L}{3,9})\.?\s(\d{1,2})(?:st|nd|rd|th)?,?\s(\d{4})${REST}`, 'iu');

const year = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));
/** 1..12 for a month name or abbreviation, 0 when it is none. */
function month(name: string): number {
  const lower = name.toLowerCase();
  const english = MONTHS.indexOf(lower.slice(0, 3)) + 1;
  if (english > 0) return english;
  return OTHER_MONTHS[lower.slice(0, 4)] ?? OTHER_MONTHS[lower.slice(0, 3)] ?? 0;
}

interface DayParts {
  y: number;
  m: number;
  d: number;
  /** What follows the date (a time, perhaps), without a leading comma or "at". */
  rest: string;
}

function dayParts(raw: string, order: DateOrder): DayParts | null {
  const text = raw.trim();
  let m: RegExpExecArray | null;
  let parts: [number, number, number, string] | null = null;
  if ((m = ISO.exec(text))) parts = [+m[1], +m[2], +m[3], m[4]];
  else if ((m = COMPACT.exec(text))) parts = [+m[1], +m[2], +m[3], ''];
  else if (order === 'ymd') return null;
  else if ((m = DOTTED.exec(text))) parts = [year(m[3]), +m[2], +m[1], m[4]];
  else if ((m = SLASHED.exec(text))) {
    parts = order === 'dmy' ? [year(m[3]), +m[2], +m[1], m[4]] : [year(m[3]), +m[1], +m[2], m[4]];
  } else if ((m = DAY_MONTH.exec(text))) parts = [year(m[3]), month(m[2]), +m[1], m[4]];
  else if ((m = MONTH_DAY.exec(text))) parts = [+m[3], month(m[1]), +m[2], m[4]];
  else if (/^\d{5}$/.test(text) && +text > 25569 && +text < 110000) {
    const [y, mo, d] = addDays('1899-12-30', +text).split('-').map(Number); // an Excel serial day
    parts = [y, mo, d, ''];
  }
  if (!parts) return null;
  const [y, mo, d, rest] = parts;
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return { y, m: mo, d, rest: rest.replace(/^,?\s*(at\s+)?/i, ' ').trim() };
}

/** The calendar date (YYYY-MM-DD) a cell names, slashed dates read in `order`; null when unreadable. */
export function parseLooseDate(raw: string, order: DateOrder): string | null {
  const parts = dayParts(raw, order);
  return parts ? formatCalendarDate(parts) : null;
}

/** The parts of a numeric a/b/yyyy date, for guessing a file's day/month order. */
export function slashedParts(text: string): [number, number] | null {
  const m = SLASHED.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function timeParts(rest: string): { hh: number; mm: number; ss: number; offset: number } | null {
  if (rest === '') return { hh: 0, mm: 0, ss: 0, offset: 0 };
  const match =
    /^T?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?\s*(z|utc|gmt|[+-]\d{2}:?\d{2})?$/i.exec(rest);
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

export type LooseResult<T> = { ok: true; value: T | null } | { ok: false };

/**
 * An instant from an activity export (slashed dates month first, as the en-US admin consoles
 * write them); `value: null` for "never"/blank, `ok: false` when unreadable.
 */
export function parseLooseInstant(raw: string): LooseResult<Date> {
  if (NEVER.has(raw.trim().toLowerCase())) return { ok: true, value: null };
  const parts = dayParts(raw, 'mdy');
  const time = parts ? timeParts(parts.rest) : null;
  if (!parts || !time) return { ok: false };
  const utc = Date.UTC(parts.y, parts.m - 1, parts.d, time.hh, time.mm, time.ss) - time.offset * 60_000;
  return { ok: true, value: new Date(utc) };
}

/** A calendar date from an HR export cell (slashed dates month first); `value: null` when blank. */
export function parseLooseCalendarDate(raw: string): LooseResult<string> {
  if (raw.trim() === '') return { ok: true, value: null };
  const day = parseLooseDate(raw, 'mdy');
  return day ? { ok: true, value: day } : { ok: false };
}
