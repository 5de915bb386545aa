import { SCIM_SCHEMAS } from '../../../common/contracts/scim';
import { invalidValue, ScimError } from './scim-error';
import { parseEqualityFilter, type EqualityTerm } from './scim-filter';

/** A SCIM resource as JSON: the patch applies to this, then the result is saved like a PUT. */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key of `name` in `obj`, matched case-insensitively (SCIM attribute names are), else `name`. */
export function keyOf(obj: Json, name: string): string {
  return Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

export const attribute = (obj: Json, name: string): unknown => obj[keyOf(obj, name)];

export interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

/** Reads a PatchOp body (RFC 7644 §3.5.2); ops are case-insensitive (Entra sends "Replace"). */
export function patchOperations(body: unknown): PatchOperation[] {
  const ops = isObject(body) ? attribute(body, 'Operations') : undefined;
  if (!Array.isArray(ops) || ops.length === 0)
    throw new ScimError(400, 'A PatchOp needs a non-empty Operations list.', 'invalidSyntax');
  return ops.map((raw) => {
    if (!isObject(raw)) throw new ScimError(400, 'Each operation must be an object.', 'invalidSyntax');
    const op = String(attribute(raw, 'op') ?? '').toLowerCase();
    if (!['add', 'replace', 'remove'].includes(op))
      throw new ScimError(400, `Unknown patch op: ${String(attribute(raw, 'op'))}.`, 'invalidSyntax');
    const path = attribute(raw, 'path');
    return {
      op,
      path: typeof path === 'string' && path.trim() !== '' ? path.trim() : undefined,
      value: attribute(raw, 'value'),
    };
  });
}

interface Path {
  /** The schema extension holding the attribute, or null for the core attributes. */
  extension: string | null;
  attr?: string;
  filter?: EqualityTerm[];
  sub?: string;
}

const CORE: string[] = [SCIM_SCHEMAS.user, SCIM_SCHEMAS.group];
const ATTR_PATH = /^([A-Za-z$][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z$][\w$-]*))?$/;

function parsePath(path: string, extension: string | null = null): Path {
  const lower = path.toLowerCase();
  const schema = [SCIM_SCHEMAS.enterpriseUser, ...CORE].find((s) => lower.startsWith(s.toLowerCase()));
  if (schema) {
    const scope = CORE.includes(schema) ? null : schema;
    const rest = path.slice(schema.length).replace(/^:/, '');
    return rest === '' ? { extension: scope } : parsePath(rest, scope);
  }
  const match = ATTR_PATH.exec(path);
  if (!match) throw new ScimError(400, `Unsupported path: ${path}`, 'invalidPath');
  const [, attr, filter, sub] = match;
  return { extension, attr, filter: filter ? parseEqualityFilter(filter) : undefined, sub };
}

const matches = (item: unknown, terms: EqualityTerm[]) =>
  isObject(item) &&
  terms.every((t) => {
    const v = attribute(item, t.attribute);
    return typeof v === 'string' && typeof t.value === 'string'
      ? v.toLowerCase() === t.value.toLowerCase()
      : v === t.value;
  });

const valueOf = (item: unknown) => (isObject(item) ? attribute(item, 'value') : item);

/** Multi-valued add: the new values after the old, without repeating a `value` already there. */
function union(existing: unknown[], added: unknown[]) {
  const seen = new Set(existing.map(valueOf));
  return [...existing, ...added.filter((a) => !seen.has(valueOf(a)))];
}

function applyToAttribute(target: Json, op: string, path: Path & { attr: string }, value: unknown) {
  const key = keyOf(target, path.attr);
  const current = target[key];
  if (path.filter) {
    const list = Array.isArray(current) ? [...current] : [];
    const hits = list.filter((item) => matches(item, path.filter!));
    if (op === 'remove') {
      if (path.sub) for (const hit of hits) delete (hit as Json)[keyOf(hit as Json, path.sub)];
      target[key] = path.sub ? list : list.filter((item) => !hits.includes(item));
      return;
    }
    if (hits.length === 0) {
      // `emails[type eq "work"].value` on a user without a work e-mail: the entry is made.
      const made: Json = Object.fromEntries(path.filter.map((t) => [t.attribute, t.value]));
      list.push(made);
      hits.push(made);
    }
    for (const hit of hits as Json[]) {
      if (path.sub) hit[keyOf(hit, path.sub)] = value;
      else if (isObject(value)) Object.assign(hit, value);
      else throw invalidValue(`${path.attr}[…] needs an object value.`);
    }
    target[key] = list;
    return;
  }
  if (path.sub) {
    const inner = isObject(current) ? current : {};
    if (op === 'remove') delete inner[keyOf(inner, path.sub)];
    else inner[keyOf(inner, path.sub)] = value;
    target[key] = inner;
    return;
  }
  if (op === 'remove') {
    // Entra removes group members with the values to drop: {"path":"members","value":[{"value":"id"}]}.
    if (Array.isArray(current) && Array.isArray(value)) {
      const drop = new Set(value.map(valueOf));
      target[key] = current.filter((item) => !drop.has(valueOf(item)));
    } else delete target[key];
    return;
  }
  if (op === 'add' && (Array.isArray(current) || Array.isArray(value))) {
    target[key] = union(Array.isArray(current) ? current : [], Array.isArray(value) ? value : [value]);
  } else if (isObject(value) && isObject(current)) {
    // A complex attribute's sub-attributes not named in the value stay as they are (RFC 7644 §3.5.2.3).
    Object.assign(current, value);
  } else target[key] = value;
}

function applyOperation(resource: Json, op: string, path: Path, value: unknown) {
  const extensionKey = path.extension ? keyOf(resource, path.extension) : null;
  if (extensionKey && !isObject(resource[extensionKey])) resource[extensionKey] = {};
  const target = extensionKey ? (resource[extensionKey] as Json) : resource;
  if (path.attr) return applyToAttribute(target, op, { ...path, attr: path.attr }, value);
  if (op === 'remove') {
    if (!extensionKey) throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    delete resource[extensionKey];
    return;
  }
  // No path (Okta: {"op":"replace","value":{"active":false}}): each key is a path of its own.
  if (!isObject(value)) throw invalidValue('An operation without a path needs an object value.');
  for (const [name, inner] of Object.entries(value)) {
    applyOperation(resource, op, parsePath(name, path.extension), inner);
  }
}

/** Applies the operations in order to a copy of the resource (all or nothing: the caller saves it). */
export function applyPatch(resource: Json, operations: PatchOperation[]): Json {
  const copy = structuredClone(resource);
  for (const { op, path, value } of operations) {
    applyOperation(copy, op, path ? parsePath(path) : { extension: null }, value);
  }
  return copy;
}
