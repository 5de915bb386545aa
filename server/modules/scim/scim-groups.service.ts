import { displayName } from '../../../common/display-name';
import { SCIM_SCHEMAS } from '../../../common/contracts/scim';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { findPeopleByIds } from '../people';
import { invalidValue, ScimError, scimNotFound } from './scim-error';
import { parseEqualityFilter } from './scim-filter';
import { isUuid, type ListQuery, listResponse } from './scim-list';
import { applyPatch, attribute, isObject, type Json, patchOperations } from './scim-patch';
import { scimBaseUrl } from './scim-tokens.service';
import { groupsMatching, groupWithId } from './scim-filters.repo';
import * as repo from './scim.repo';

/** `excludedAttributes=members`: Entra and Okta read big groups without their member lists. */
const withoutMembers = (query: { excludedAttributes?: string }) =>
  (query.excludedAttributes ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members');

async function present(deps: ServiceDeps, ctx: RequestContext, groups: repo.GroupRow[], members: boolean) {
  const rows = members
    ? await repo.groupMembers(
        deps.db,
        ctx.orgId,
        groups.map((g) => g.id),
      )
    : [];
  const base = scimBaseUrl(deps);
  return groups.map((group) => ({
    schemas: [SCIM_SCHEMAS.group],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(members
      ? {
          members: rows
            .filter((r) => r.groupId === group.id)
            .map((r) => ({
              value: r.personId,
              display: displayName(r),
              $ref: `${base}/Users/${r.personId}`,
            })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt,
      lastModified: group.updatedAt,
      location: `${base}/Groups/${group.id}`,
    },
  }));
}

export async function listGroups(deps: ServiceDeps, ctx: RequestContext, query: ListQuery) {
  const terms = query.filter
    ? parseEqualityFilter(query.filter, ['displayName', 'externalId', 'id', 'members.value'])
    : [];
  const { rows, total } = await repo.findGroups(
    deps.db,
    ctx.orgId,
    groupsMatching(ctx.orgId, terms),
    query.startIndex - 1,
    query.count,
  );
  return listResponse(query, total, await present(deps, ctx, rows, !withoutMembers(query)));
}

async function findGroup(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const { rows } = isUuid(id)
    ? await repo.findGroups(deps.db, ctx.orgId, groupWithId(id), 0, 1)
    : { rows: [] };
  if (!rows[0]) throw scimNotFound('Group', id);
  return rows[0];
}

export async function getGroup(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  query: { excludedAttributes?: string },
) {
  const [group] = await present(deps, ctx, [await findGroup(deps, ctx, id)], !withoutMembers(query));
  return group;
}

/** Longest displayName and externalId kept; longer is refused, never stored. */
const MAX_LENGTH = 255;

/** The group a resource describes; its members must be users of this organization. */
async function groupFields(deps: ServiceDeps, ctx: RequestContext, resource: unknown) {
  if (!isObject(resource))
    throw new ScimError(400, 'The body must be a SCIM Group resource.', 'invalidSyntax');
  const displayName = attribute(resource, 'displayName');
  if (typeof displayName !== 'string' || displayName.trim() === '')
    throw invalidValue('displayName is required.');
  const externalId = attribute(resource, 'externalId');
  if (displayName.trim().length > MAX_LENGTH)
    throw invalidValue(`displayName must be at most ${MAX_LENGTH} characters.`);
  if (typeof externalId === 'string' && externalId.length > MAX_LENGTH)
    throw invalidValue(`externalId must be at most ${MAX_LENGTH} characters.`);
  const members = attribute(resource, 'members') ?? [];
  if (!Array.isArray(members)) throw invalidValue('members must be a list.');
  const ids = [...new Set(members.map((m) => String(isObject(m) ? attribute(m, 'value') : m)))];
  const found = ids.every(isUuid) ? await findPeopleByIds(deps.db, ctx.orgId, ids) : [];
  if (found.length !== ids.length) {
    const known = new Set(found.map((p) => p.id));
    throw invalidValue(`Unknown member ids: ${ids.filter((id) => !known.has(id)).join(', ')}.`);
  }
  return {
    displayName: displayName.trim(),
    externalId: typeof externalId === 'string' && externalId !== '' ? externalId : null,
    memberIds: ids,
  };
}

const uniqueness = (name: string) =>
  new ScimError(409, `A group named ${name} already exists.`, 'uniqueness');

type GroupFields = Awaited<ReturnType<typeof groupFields>>;

async function write(deps: ServiceDeps, ctx: RequestContext, fields: GroupFields, id: string | null) {
  const now = deps.clock.now();
  return deps.db
    .transaction(async (tx) => {
      const { memberIds, ...values } = fields;
      const groupId = id
        ? (await repo.updateGroup(tx, ctx.orgId, id, { ...values, updatedAt: now }), id)
        : (
            await repo.insertGroup(tx, {
              ...values,
              organizationId: ctx.orgId,
              createdAt: now,
              updatedAt: now,
            })
          ).id;
      await repo.setGroupMembers(tx, ctx.orgId, groupId, memberIds);
      await recordAudit(tx, ctx, {
        action: id ? 'scim.group_update' : 'scim.group_create',
        entityType: 'scim_group',
        entityId: groupId,
        changes: { displayName: values.displayName, members: memberIds.length },
      });
      return groupId;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? uniqueness(fields.displayName) : error;
    });
}

export async function createGroup(deps: ServiceDeps, ctx: RequestContext, body: unknown) {
  const id = await write(deps, ctx, await groupFields(deps, ctx, body), null);
  return getGroup(deps, ctx, id, {});
}

export async function replaceGroup(deps: ServiceDeps, ctx: RequestContext, id: string, body: unknown) {
  await findGroup(deps, ctx, id);
  await write(deps, ctx, await groupFields(deps, ctx, body), id);
  return getGroup(deps, ctx, id, {});
}

/** PATCH (member adds and removes, renames): applied to the full group, then saved like a PUT. */
export async function patchGroup(deps: ServiceDeps, ctx: RequestContext, id: string, body: unknown) {
  const operations = patchOperations(body);
  const [current] = await present(deps, ctx, [await findGroup(deps, ctx, id)], true);
  const patched = applyPatch(current as Json, operations);
  await write(deps, ctx, await groupFields(deps, ctx, patched), id);
  return getGroup(deps, ctx, id, {});
}

export async function deleteGroup(deps: ServiceDeps, ctx: RequestContext, id: string) {
  await deps.db.transaction(async (tx) => {
    const deleted = isUuid(id) ? await repo.deleteGroup(tx, ctx.orgId, id) : null;
    if (!deleted) throw scimNotFound('Group', id);
    await recordAudit(tx, ctx, {
      action: 'scim.group_delete',
      entityType: 'scim_group',
      entityId: id,
    });
  });
}
