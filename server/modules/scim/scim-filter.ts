import { ScimError } from './scim-error';

/** One `attribute eq value` comparison of a filter; attributes are case-insensitive (RFC 7644 §3.4.2.2). */
export interface EqualityTerm {
  attribute: string;
  value: string | boolean | null;
}

const TERM =
  /^\s*([A-Za-z][\w.:$-]*(?:\[[^\]]*\](?:\.\w+)?)?)\s+(\w+)\s+("(?:[^"\\]|\\.)*"|true|false|null)\s*/i;

const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/** A quoted value's text; a bad escape (`"\x"`, `"\u12"`) or a NUL (PostgreSQL stores none) is invalidFilter. */
function stringValue(raw: string, filter: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidFilter(`Invalid string in filter: ${filter}`);
  }
  if (typeof value !== 'string' || value.includes('\u0000'))
    throw invalidFilter('Filter values must not contain NUL characters.');
  return value;
}

/**
 * Parses the filters identity providers send when they look a resource up: equality comparisons
 * joined by `and` (`userName eq "a@b.com"`, `externalId eq "x" and active eq true`). Anything else
 * (other operators, `or`, `not`, groupings) is refused with invalidFilter, never guessed at.
 * Without `allowed`, any attribute (a value filter inside a patch path: `emails[type eq "work"]`).
 */
export function parseEqualityFilter(filter: string, allowed?: readonly string[]): EqualityTerm[] {
  const terms: EqualityTerm[] = [];
  let rest = filter;
  for (;;) {
    const match = TERM.exec(rest);
    if (!match) throw invalidFilter(`Unsupported filter: ${filter}`);
    const [whole, attribute, operator, raw] = match;
    if (operator.toLowerCase() !== 'eq')
      throw invalidFilter(`Only the eq operator is supported, not ${operator}.`);
    // Entra looks users up by `emails[type eq "work"].value`: the value filter is dropped (one e-mail each).
    const plain = attribute.replace(/\[[^\]]*\]/, '');
    const known = allowed ? allowed.find((a) => a.toLowerCase() === plain.toLowerCase()) : attribute;
    if (!known) throw invalidFilter(`Filtering on ${attribute} is not supported (${allowed?.join(', ')}).`);
    const value = raw.startsWith('"')
      ? stringValue(raw, filter)
      : (JSON.parse(raw.toLowerCase()) as boolean | null);
    terms.push({ attribute: known, value });
    rest = rest.slice(whole.length);
    if (rest === '') return terms;
    const and = /^and\s+/i.exec(rest);
    if (!and) throw invalidFilter(`Unsupported filter: ${filter}`);
    rest = rest.slice(and[0].length);
  }
}
