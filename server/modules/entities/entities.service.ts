import type { z } from 'zod';
import type { createEntityBody, updateEntityBody } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { entities } from '../../db/schema';
import { badRequest, conflict, invalidFields, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { assertWithinLimit } from '../billing';
import { archiveChange } from './archiving';
import * as repo from './entities.repo';
import { inUse, moveUses, usesOf } from './in-use.repo';

type CreateInput = z.output<typeof createEntityBody>;
type UpdateInput = z.output<typeof updateEntityBody>;

function present({ entity, brandCount, allocationCount }: repo.EntityListRow) {
  return { ...entity, archived: entity.archivedAt !== null, brandCount, allocationCount };
}

export async function listEntities(deps: ServiceDeps, ctx: RequestContext) {
  return { items: (await repo.listEntities(deps.db, ctx.orgId)).map(present) };
}

export async function getEntity(deps: ServiceDeps, ctx: RequestContext, id: string, db: DbOrTx = deps.db) {
  const [row] = await repo.listEntities(db, ctx.orgId, id);
  if (!row) throw notFound('Entity');
  return present(row);
}

const duplicateName = (name: string) => conflict(`An entity named "${name}" already exists.`);

/** The parent must be another entity of the organization, and not one below this one. */
async function checkParent(db: DbOrTx, orgId: string, parentId: string | null | undefined, selfId?: string) {
  if (!parentId) return;
  const parent = await repo.findEntity(db, orgId, parentId);
  if (!parent) throw invalidFields([{ field: 'parentId', message: 'No such entity' }]);
  if (selfId && (await repo.ancestorIds(db, orgId, parentId)).includes(selfId))
    throw invalidFields([
      { field: 'parentId', message: 'An entity cannot sit under itself or one of its own children' },
    ]);
}

async function assertRoomForOneMore(deps: ServiceDeps, ctx: RequestContext, tx: DbOrTx) {
  const live = await repo.countLive(tx, ctx.orgId, entities);
  assertWithinLimit(ctx.org, deps.clock.now(), 'entities', live, { counting: 'the default entity' });
}

export async function createEntity(deps: ServiceDeps, ctx: RequestContext, input: CreateInput) {
  const id = await deps.db
    .transaction(async (tx) => {
      await assertRoomForOneMore(deps, ctx, tx);
      await checkParent(tx, ctx.orgId, input.parentId);
      const now = deps.clock.now();
      const row = await repo.insertEntity(tx, {
        ...input,
        organizationId: ctx.orgId,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'entity.create',
        entityType: 'entity',
        entityId: row.id,
        changes: { ...input },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateName(input.name) : error;
    });
  return getEntity(deps, ctx, id);
}

export async function updateEntity(deps: ServiceDeps, ctx: RequestContext, id: string, input: UpdateInput) {
  const { archived, ...fields } = input;
  await deps.db
    .transaction(async (tx) => {
      const before = await repo.findEntity(tx, ctx.orgId, id);
      if (!before) throw notFound('Entity');
      if (archived && before.isDefault) throw conflict('The default entity cannot be archived.');
      if (fields.parentId === id)
        throw invalidFields([{ field: 'parentId', message: 'An entity cannot be its own parent' }]);
      await checkParent(tx, ctx.orgId, fields.parentId, id);
      const now = deps.clock.now();
      const archiving = archiveChange(before.archivedAt, archived, now);
      if (archiving.restoring) await assertRoomForOneMore(deps, ctx, tx);
      await repo.updateEntity(tx, ctx.orgId, id, {
        ...fields,
        archivedAt: archiving.archivedAt,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'entity.update',
        entityType: 'entity',
        entityId: id,
        changes: { ...diffChanges(before, fields), ...archiving.audit },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) && fields.name ? duplicateName(fields.name) : error;
    });
  return getEntity(deps, ctx, id);
}

/**
 * Deletes an entity that nothing uses; with `reassignTo`, first moves every use to that entity (in
 * the same transaction). The default entity stays.
 */
export async function deleteEntity(deps: ServiceDeps, ctx: RequestContext, id: string, reassignTo?: string) {
  await deps.db.transaction(async (tx) => {
    const entity = await repo.findEntity(tx, ctx.orgId, id);
    if (!entity) throw notFound('Entity');
    if (entity.isDefault) throw conflict('The default entity cannot be deleted.');
    const uses = await usesOf(tx, ctx.orgId, 'entity', id);
    if (reassignTo) {
      await checkReassignTarget(tx, ctx.orgId, id, reassignTo);
      await moveUses(tx, ctx.orgId, 'entity', id, reassignTo);
    } else if (uses.length > 0) {
      throw inUse(entity.name, uses);
    }
    await repo.deleteEntity(tx, ctx.orgId, id);
    await recordAudit(tx, ctx, {
      action: 'entity.delete',
      entityType: 'entity',
      entityId: id,
      changes: { name: entity.name, ...(reassignTo ? { reassignedTo: reassignTo, uses } : {}) },
    });
  });
}

/** Where the uses go: another live entity of the organization, outside the deleted one's subtree. */
async function checkReassignTarget(db: DbOrTx, orgId: string, id: string, targetId: string) {
  const target = targetId === id ? null : await repo.findEntity(db, orgId, targetId);
  if (!target || target.archivedAt)
    throw badRequest('Choose another entity that exists and is not archived to move its uses to.');
  if ((await repo.ancestorIds(db, orgId, targetId)).includes(id))
    throw badRequest(
      'Choose an entity outside the one being deleted: its children would sit under themselves.',
    );
}
