import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-server';
import type { Database } from '../db/client';
import { storableDeep, storableSlice, storableText } from './storable-text';

describe('storableText', () => {
  it('removes NUL and replaces lone surrogates and invalid UTF-8 with U+FFFD', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('pair 😀 kept')).toBe('pair 😀 kept');
    expect(storableText(Buffer.from([0x61, 0x00, 0xff, 0xc3, 0x62]))).toBe('a\uFFFD\uFFFDb');
    const clean = 'nothing to do';
    expect(storableText(clean)).toBe(clean);
  });

  it('cuts without splitting a surrogate pair', () => {
    expect(storableSlice('ab😀', 3)).toBe('ab');
    expect(storableSlice('a\u0000bcd', 2)).toBe('ab');
  });
});

describe('storableDeep', () => {
  it('cleans strings and keys at any depth, keeps other values and the input untouched', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    const input = { 'k\u0000': ['a\u0000', { b: 'c\uDC00', n: 1, d: date }], ok: 'fine' };
    const out = storableDeep(input);
    expect(out).toEqual({ k: ['a', { b: 'c\uFFFD', n: 1, d: date }], ok: 'fine' });
    expect(input['k\u0000'][0]).toBe('a\u0000');
    const clean = { a: ['b', { c: 1 }] };
    expect(storableDeep(clean)).toBe(clean);
  });

  it('keeps a __proto__ key an own property (no prototype change)', () => {
    const parsed = JSON.parse('{"__proto__": {"admin": true}, "x": "\\u0000"}') as Record<string, unknown>;
    const out = storableDeep(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys(out)).toEqual(['__proto__', 'x']);
  });
});

describe('what the database takes', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('stores the cleaned text as text and jsonb (the raw text is refused)', async () => {
    const nasty = 'a\u0000b\uD800c';
    await expect(database.query('select $1::text as t', [nasty])).rejects.toThrow();
    const { rows } = await database.query('select $1::text as t, $2::jsonb as j', [
      storableText(nasty),
      JSON.stringify(storableDeep({ v: nasty })),
    ]);
    expect(rows[0]).toEqual({ t: 'ab\uFFFDc', j: { v: 'ab\uFFFDc' } });
  });
});
