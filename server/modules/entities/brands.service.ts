import type { z } from 'zod';
import type { createBrandBody, updateBrandBody } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema';
import { AppError, badRequest, conflict, invalidFields, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { assertWithinLimit } from '../billing';
import { logoKey, logoType } from './brand-logo';
import { defaultEntityAndBrand } from './lookup.repo';
import { archiveChange } from './archiving';
import * as repo from './entities.repo';
import { inUse, moveUses, usesOf } from './in-use.repo';
import { entitiesNeeds } from './needs';

type CreateInput = z.output<typeof createBrandBody>;
type UpdateInput = z.output<typeof updateBrandBody>;

/** `peopleCount`: the brand's active people (people/people-allocation.ts), as brand profitability counts them. */
function present(row: repo.BrandListRow, peopleCount: number) {
  const { brand, allocationCount } = row;
  return {
    ...brand,
    logoUrl: brand.logoKey ? `/api/brands/${brand.id}/logo` : null,
    archived: brand.archivedAt !== null,
    allocationCount,
    peopleCount,
  };
}

export async function listBrands(deps: ServiceDeps, ctx: RequestContext) {
  const [rows, people] = await Promise.all([
    repo.listBrands(deps.db, ctx.orgId),
    entitiesNeeds.use().activePeopleByBrand(deps.db, ctx.orgId),
  ]);
  return { items: rows.map((row) => present(row, people.get(row.brand.id) ?? 0)) };
}

export async function getBrand(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const [row] = await repo.listBrands(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Brand');
  const people = await entitiesNeeds.use().activePeopleByBrand(deps.db, ctx.orgId);
  return present(row, people.get(id) ?? 0);
}

const duplicateName = (name: string) => conflict(`A brand named "${name}" already exists.`);

/** A brand's owning entity: one of the organization's, not archived. */
async function checkEntity(db: DbOrTx, orgId: string, entityId: string) {
  const entity = await repo.findEntity(db, orgId, entityId);
  if (!entity || entity.archivedAt)
    throw invalidFields([{ field: 'entityId', message: 'No such entity, or it is archived' }]);
}

async function assertRoomForOneMore(deps: ServiceDeps, ctx: RequestContext, tx: DbOrTx) {
  const live = await repo.countLive(tx, ctx.orgId, brands);
  assertWithinLimit(ctx.org, deps.clock.now(), 'brands', live, { counting: 'the default brand' });
}

export async function createBrand(deps: ServiceDeps, ctx: RequestContext, input: CreateInput) {
  const id = await deps.db
    .transaction(async (tx) => {
      await assertRoomForOneMore(deps, ctx, tx);
      const entityId = input.entityId ?? (await defaultEntityAndBrand(tx, ctx.orgId)).entityId;
      await checkEntity(tx, ctx.orgId, entityId);
      const now = deps.clock.now();
      const row = await repo.insertBrand(tx, {
        ...input,
        entityId,
        organizationId: ctx.orgId,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'brand.create',
        entityType: 'brand',
        entityId: row.id,
        changes: { ...input, entityId },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateName(input.name) : error;
    });
  return getBrand(deps, ctx, id);
}

export async function updateBrand(deps: ServiceDeps, ctx: RequestContext, id: string, input: UpdateInput) {
  const { archived, ...fields } = input;
  await deps.db
    .transaction(async (tx) => {
      const before = await repo.findBrand(tx, ctx.orgId, id);
      if (!before) throw notFound('Brand');
      if (archived && before.isDefault) throw conflict('The default brand cannot be archived.');
      // Clearing the owner puts the brand back under the default entity.
      if (fields.entityId === null) fields.entityId = (await defaultEntityAndBrand(tx, ctx.orgId)).entityId;
      if (fields.entityId && fields.entityId !== before.entityId)
        await checkEntity(tx, ctx.orgId, fields.entityId);
      const now = deps.clock.now();
      const archiving = archiveChange(before.archivedAt, archived, now);
      if (archiving.restoring) await assertRoomForOneMore(deps, ctx, tx);
      await repo.updateBrand(tx, ctx.orgId, id, {
        ...fields,
        archivedAt: archiving.archivedAt,
        updatedAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'brand.update',
        entityType: 'brand',
        entityId: id,
        changes: { ...diffChanges(before, fields), ...archiving.audit },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) && fields.name ? duplicateName(fields.name) : error;
    });
  return getBrand(deps, ctx, id);
}

/**
 * Deletes a brand that nothing uses; with `reassignTo`, first moves every use to that brand (in the
 * same transaction). The default brand stays.
 */
export async function deleteBrand(deps: ServiceDeps, ctx: RequestContext, id: string, reassignTo?: string) {
  const deleted = await deps.db.transaction(async (tx) => {
    const brand = await repo.findBrand(tx, ctx.orgId, id);
    if (!brand) throw notFound('Brand');
    if (brand.isDefault) throw conflict('The default brand cannot be deleted.');
    const uses = await usesOf(tx, ctx.orgId, 'brand', id);
    if (reassignTo) {
      const target = reassignTo === id ? null : await repo.findBrand(tx, ctx.orgId, reassignTo);
      if (!target || target.archivedAt)
        throw badRequest('Choose another brand that exists and is not archived to move its uses to.');
      await moveUses(tx, ctx.orgId, 'brand', id, reassignTo);
    } else if (uses.length > 0) {
      throw inUse(brand.name, uses);
    }
    await repo.deleteBrand(tx, ctx.orgId, id);
    await recordAudit(tx, ctx, {
      action: 'brand.delete',
      entityType: 'brand',
      entityId: id,
      changes: { name: brand.name, ...(reassignTo ? { reassignedTo: reassignTo, uses } : {}) },
    });
    return brand;
  });
  if (deleted.logoKey) await deps.storage.delete(deleted.logoKey).catch(() => undefined);
}

/** Stores a new logo (replacing the old one, whose bytes go once the row points to the new). */
export async function putLogo(deps: ServiceDeps, ctx: RequestContext, id: string, bytes: Buffer) {
  if (bytes.length === 0) throw badRequest('The file is empty.');
  const type = logoType(bytes);
  if (!type)
    throw new AppError('unsupported_media_type', 'Upload the logo as a PNG, JPEG, WebP or SVG image.');
  if (!(await repo.findBrand(deps.db, ctx.orgId, id))) throw notFound('Brand');
  const key = logoKey(ctx.orgId, id, type.ext);
  await deps.storage.put(key, bytes, { contentType: type.type });
  try {
    const previous = await deps.db.transaction(async (tx) => {
      const before = await repo.findBrand(tx, ctx.orgId, id);
      if (!before) throw notFound('Brand');
      await repo.updateBrand(tx, ctx.orgId, id, {
        logoKey: key,
        logoType: type.type,
        updatedAt: deps.clock.now(),
      });
      await recordAudit(tx, ctx, {
        action: 'brand.logo_upload',
        entityType: 'brand',
        entityId: id,
        changes: { contentType: type.type, sizeBytes: bytes.length },
      });
      return before.logoKey;
    });
    if (previous) await deps.storage.delete(previous).catch(() => undefined);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return getBrand(deps, ctx, id);
}

export async function openLogo(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const brand = await repo.findBrand(deps.db, ctx.orgId, id);
  if (!brand?.logoKey || !brand.logoType) throw notFound('Logo');
  const file = await deps.storage.get(brand.logoKey);
  if (!file) throw notFound('Logo');
  return { type: brand.logoType, size: file.size, stream: file.stream };
}

export async function deleteLogo(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const previous = await deps.db.transaction(async (tx) => {
    const before = await repo.findBrand(tx, ctx.orgId, id);
    if (!before) throw notFound('Brand');
    if (!before.logoKey) return null;
    await repo.updateBrand(tx, ctx.orgId, id, { logoKey: null, logoType: null, updatedAt: deps.clock.now() });
    await recordAudit(tx, ctx, {
      action: 'brand.logo_delete',
      entityType: 'brand',
      entityId: id,
    });
    return before.logoKey;
  });
  if (previous) await deps.storage.delete(previous).catch(() => undefined);
}
