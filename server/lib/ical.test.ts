import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar } from './ical';

describe('iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });

  it('renders all-day events with CRLF line endings and an exclusive end date', () => {
    const text = renderCalendar({
      name: 'Test',
      prodId: '-//T//T//EN',
      stamp: new Date('2026-03-10T08:00:00Z'),
      events: [{ uid: 'u1@x', date: '2026-12-31', summary: 'Year end' }],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'DTSTART;VALUE=DATE:20261231',
        'DTEND;VALUE=DATE:20270101',
        'DTSTAMP:20260310T080000Z',
      ]),
    );
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  });
});
