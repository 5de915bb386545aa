import { displayName } from '../../../common/display-name';
import { z } from 'zod';
import { SCIM_SCHEMAS } from '../../../common/contracts/scim';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { collectAuditSteps, diffChanges, recordAudit, withSteps } from '../../lib/audit';
import {
  findPeopleByIds,
  insertProvisionedPerson,
  offboardPerson,
  type PersonRow,
  type ProvisionedFields,
  reactivatePerson,
  updateProvisionedPerson,
} from '../people';
import { invalidValue, ScimError, scimNotFound } from './scim-error';
import { parseEqualityFilter } from './scim-filter';
import { isUuid, type ListQuery, listResponse } from './scim-list';
import { applyPatch, attribute, isObject, type Json, patchOperations } from './scim-patch';
import { scimBaseUrl } from './scim-tokens.service';
import { usersMatching } from './scim-filters.repo';
import * as repo from './scim.repo';

export function presentUser(deps: ServiceDeps, person: PersonRow) {
  const enterprise = {
    ...(person.department ? { department: person.department } : {}),
    ...(person.managerId ? { manager: { value: person.managerId } } : {}),
  };
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
    id: person.id,
    ...(person.externalId ? { externalId: person.externalId } : {}),
    userName: person.email,
    name: { givenName: person.firstName, familyName: person.lastName, formatted: displayName(person) },
    displayName: displayName(person),
    emails: [{ value: person.email, type: 'work', primary: true }],
    ...(person.title ? { title: person.title } : {}),
    active: person.status === 'active',
    [SCIM_SCHEMAS.enterpriseUser]: enterprise,
    meta: {
      resourceType: 'User',
      created: person.createdAt,
      lastModified: person.updatedAt,
      location: `${scimBaseUrl(deps)}/Users/${person.id}`,
    },
  };
}

/** Longest values kept: what People's own form allows (common/contracts/people.ts); longer is refused. */
const MAX_LENGTH = {
  userName: 254,
  'name.givenName': 100,
  'name.familyName': 100,
  title: 150,
  department: 100,
  manager: 255,
  externalId: 255,
} as const;

const optionalText = (value: unknown, name: keyof typeof MAX_LENGTH): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string.`);
  const text = value.trim();
  if (text.length > MAX_LENGTH[name])
    throw invalidValue(`${name} must be at most ${MAX_LENGTH[name]} characters.`);
  return text === '' ? null : text;
};

/** SCIM booleans, also as the strings Entra ID sends in PATCH ("True", "False"). */
function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false.`);
}

/** The person a SCIM User resource describes (a full representation: missing attributes are cleared). */
async function userFields(deps: ServiceDeps, ctx: RequestContext, resource: unknown, selfId?: string) {
  if (!isObject(resource))
    throw new ScimError(400, 'The body must be a SCIM User resource.', 'invalidSyntax');
  const userName = optionalText(attribute(resource, 'userName'), 'userName');
  // userName is the e-mail address: it is how People, CSV imports and sign-in know the person.
  if (!userName || !z.email().safeParse(userName).success)
    throw invalidValue('userName must be the e-mail address of the person.');
  const name = attribute(resource, 'name');
  const names = isObject(name) ? name : {};
  const enterprise = attribute(resource, SCIM_SCHEMAS.enterpriseUser);
  const extension = isObject(enterprise) ? enterprise : {};
  const manager = attribute(extension, 'manager');
  const managerRef = optionalText(isObject(manager) ? attribute(manager, 'value') : manager, 'manager');
  // A manager the directory does not hold (yet) is left empty rather than failing the whole user.
  const [managerRow] =
    managerRef && isUuid(managerRef) && managerRef !== selfId
      ? await findPeopleByIds(deps.db, ctx.orgId, [managerRef])
      : [];
  const active = attribute(resource, 'active');
  const fields: ProvisionedFields = {
    email: userName.toLowerCase(),
    firstName: optionalText(attribute(names, 'givenName'), 'name.givenName') ?? '',
    lastName: optionalText(attribute(names, 'familyName'), 'name.familyName') ?? '',
    title: optionalText(attribute(resource, 'title'), 'title'),
    department: optionalText(attribute(extension, 'department'), 'department'),
    managerId: managerRow?.id ?? null,
    externalId: optionalText(attribute(resource, 'externalId'), 'externalId'),
  };
  // Without `active` a PUT leaves the status alone (never a surprise reactivation); a POST is active.
  return {
    fields,
    active: active === undefined || active === null ? undefined : booleanOf(active, 'active'),
  };
}

const uniqueness = (email: string) =>
  new ScimError(409, `A user with userName ${email} already exists.`, 'uniqueness');

/** Users matching the filter (userName, emails.value, externalId, id, active; joined by `and`). */
export async function listUsers(deps: ServiceDeps, ctx: RequestContext, query: ListQuery) {
  const terms = query.filter
    ? parseEqualityFilter(query.filter, ['userName', 'emails.value', 'emails', 'externalId', 'id', 'active'])
    : [];
  const { rows, total } = await repo.findUsers(
    deps.db,
    ctx.orgId,
    usersMatching(terms),
    query.startIndex - 1,
    query.count,
  );
  return listResponse(
    query,
    total,
    rows.map((row) => presentUser(deps, row)),
  );
}

async function findUser(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const [person] = isUuid(id) ? await findPeopleByIds(deps.db, ctx.orgId, [id]) : [];
  if (!person) throw scimNotFound('User', id);
  return person;
}

export async function getUser(deps: ServiceDeps, ctx: RequestContext, id: string) {
  return presentUser(deps, await findUser(deps, ctx, id));
}

/**
 * `active` drives the existing offboarding: false unassigns the person's seats (flagged for
 * reclaim, owners told), true brings them back. Audited as the identity provider's doing.
 */
async function applyActive(deps: ServiceDeps, ctx: RequestContext, person: PersonRow, active: boolean) {
  const deactivate = !active && person.status === 'active';
  const reactivate = active && person.status === 'offboarded';
  if (!deactivate && !reactivate) return;
  // One audit row, the identity provider's: the offboarding (or its undoing) is its step.
  const { steps } = await collectAuditSteps(ctx, async (acting) => {
    if (deactivate) await offboardPerson(deps, acting, person.id, {});
    else await reactivatePerson(deps, acting, person.id);
  });
  await recordAudit(deps.db, ctx, {
    action: deactivate ? 'scim.user_deactivate' : 'scim.user_reactivate',
    entityType: 'person',
    entityId: person.id,
    changes: withSteps({ email: person.email }, steps),
  });
}

/** Writes the fields, then the status; a duplicate e-mail is a SCIM uniqueness error. */
async function save(
  deps: ServiceDeps,
  ctx: RequestContext,
  before: PersonRow,
  input: Awaited<ReturnType<typeof userFields>>,
  action: string,
) {
  const changes = diffChanges(before, input.fields);
  if (Object.keys(changes).length > 0 || before.source !== 'scim') {
    await deps.db
      .transaction(async (tx) => {
        await updateProvisionedPerson(tx, ctx.orgId, before, input.fields, deps.clock.now());
        await recordAudit(tx, ctx, {
          action,
          entityType: 'person',
          entityId: before.id,
          changes,
        });
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? uniqueness(input.fields.email) : error;
      });
  }
  if (input.active !== undefined) await applyActive(deps, ctx, before, input.active);
  return getUser(deps, ctx, before.id);
}

/**
 * A new user. Someone already in People by hand or from a CSV with the same e-mail is adopted
 * (linked to the identity provider, seats and history kept) rather than duplicated; a user the
 * identity provider already created answers 409 uniqueness.
 */
export async function createUser(deps: ServiceDeps, ctx: RequestContext, body: unknown) {
  const input = await userFields(deps, ctx, body);
  const existing = await repo.findUserByEmail(deps.db, ctx.orgId, input.fields.email);
  if (existing) {
    if (existing.source === 'scim') throw uniqueness(input.fields.email);
    return save(deps, ctx, existing, input, 'scim.user_link');
  }
  const person = await deps.db
    .transaction(async (tx) => {
      const row = await insertProvisionedPerson(tx, ctx.orgId, input.fields, deps.clock.now());
      await recordAudit(tx, ctx, {
        action: 'scim.user_create',
        entityType: 'person',
        entityId: row.id,
        changes: { ...input.fields },
      });
      return row;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? uniqueness(input.fields.email) : error;
    });
  await applyActive(deps, ctx, person, input.active ?? true);
  return getUser(deps, ctx, person.id);
}

export async function replaceUser(deps: ServiceDeps, ctx: RequestContext, id: string, body: unknown) {
  const before = await findUser(deps, ctx, id);
  return save(deps, ctx, before, await userFields(deps, ctx, body, id), 'scim.user_update');
}

/** PATCH: the operations apply to the user's representation, which is then saved like a PUT. */
export async function patchUser(deps: ServiceDeps, ctx: RequestContext, id: string, body: unknown) {
  const operations = patchOperations(body);
  const before = await findUser(deps, ctx, id);
  const patched = applyPatch(presentUser(deps, before) as Json, operations);
  return save(deps, ctx, before, await userFields(deps, ctx, patched, id), 'scim.user_update');
}

/**
 * DELETE deactivates (offboards) instead of deleting: a person's seat history and audit trail must
 * not vanish because the identity provider dropped them. The user stays readable with active false.
 */
export async function deleteUser(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const person = await findUser(deps, ctx, id);
  await applyActive(deps, ctx, person, false);
}
