// Text from outside (mail, PDFs, spreadsheets, request bodies, identity providers, error messages)
// made storable before it reaches PostgreSQL: `text` and `jsonb` refuse NUL (22P05, 22021), and a
// lone UTF-16 surrogate has no UTF-8 form. One rule, used at every entry point (issue 30).

// NUL, or any surrogate: the fast test; most text has neither and is returned as it is.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` without NUL characters, each lone surrogate replaced by U+FFFD; bytes are decoded as UTF-8
 * first (an invalid sequence becomes U+FFFD too).
 */
export function storableText(text: string | Uint8Array): string {
  const decoded = typeof text === 'string' ? text : Buffer.from(text).toString('utf8');
  if (!SUSPECT.test(decoded)) return decoded;
  return decoded.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** `storableText` cut to at most `max` characters, never inside a surrogate pair. */
export function storableSlice(text: string, max: number): string {
  const clean = storableText(text);
  if (clean.length <= max) return clean;
  const cut = /[\uD800-\uDBFF]/.test(clean[max - 1] ?? '') ? max - 1 : max;
  return clean.slice(0, cut);
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every string in it (object keys too) made storable: arrays and plain objects are
 * walked, anything else (Date, Buffer, numbers) kept. Answers `value` itself when nothing changed,
 * so clean data costs no copy; never mutates its input. A key `__proto__` stays an own property.
 */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const clean = storableDeep(item);
      if (clean !== item) (copy ??= value.slice())[i] = clean;
    }
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const cleanKey = storableText(key);
    const clean = storableDeep(item);
    if (cleanKey !== key || clean !== item) changed = true;
    return [cleanKey, clean];
  });
  if (!changed) return value;
  const copy = Object.fromEntries(entries);
  return (Object.getPrototypeOf(value) === null ? Object.assign(Object.create(null), copy) : copy) as T;
}
