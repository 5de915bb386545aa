import type { z } from 'zod';
import type { createVendorBody, listVendorsQuery, updateVendorBody } from '../../../common/contracts/vendors';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { logoUrlFor } from '../catalog';
import * as repo from './vendors.repo';
import { plural } from '../../../common/wording';

const duplicate = (name: string) => conflict(`A vendor named "${name}" already exists.`);

export async function listVendors(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: z.output<typeof listVendorsQuery>,
) {
  return repo.listVendorsWithStats(deps.db, ctx.orgId, ctx.org.currency, query);
}

export async function getVendor(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const [vendor] = await repo.listVendorsWithStats(deps.db, ctx.orgId, ctx.org.currency, {
    id,
    sort: 'name',
    order: 'asc',
  });
  if (!vendor) throw notFound('Vendor');
  const apps = await repo.vendorApplications(deps.db, ctx.orgId, id);
  return {
    ...vendor,
    applications: apps.map((a) => ({
      id: a.id,
      name: a.name,
      status: a.status,
      catalogSlug: a.catalogSlug,
      logoUrl: logoUrlFor(a.catalogSlug),
      billingCycle: a.billingCycle,
      amountMinor: a.amountMinor,
      monthlyMinor: a.monthlyCostMinor,
      annualMinor: a.annualCostMinor,
      currency: a.currency,
      nextRenewalDate: a.nextRenewalDate,
    })),
  };
}

export async function createVendor(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.output<typeof createVendorBody>,
) {
  const id = await deps.db
    .transaction(async (tx) => {
      if (await repo.findVendorByName(tx, ctx.orgId, input.name)) throw duplicate(input.name);
      const vendor = await repo.insertVendor(tx, ctx.orgId, input);
      await recordAudit(tx, ctx, {
        action: 'vendor.create',
        entityType: 'vendor',
        entityId: vendor.id,
        changes: input,
      });
      return vendor.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw duplicate(input.name);
      throw error;
    });
  return getVendor(deps, ctx, id);
}

export async function updateVendor(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof updateVendorBody>,
) {
  await deps.db
    .transaction(async (tx) => {
      const before = await repo.findVendor(tx, ctx.orgId, id);
      if (!before) throw notFound('Vendor');
      if (input.name && input.name.toLowerCase() !== before.name.toLowerCase()) {
        if (await repo.findVendorByName(tx, ctx.orgId, input.name)) throw duplicate(input.name);
      }
      await repo.updateVendor(tx, ctx.orgId, id, input, deps.clock.now());
      await recordAudit(tx, ctx, {
        action: 'vendor.update',
        entityType: 'vendor',
        entityId: id,
        changes: diffChanges(before, input),
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw duplicate(input.name ?? '');
      throw error;
    });
  return getVendor(deps, ctx, id);
}

/**
 * Deleting a vendor that live applications still use is refused (409) so spend never silently loses
 * its vendor: move or archive those applications first. Archived applications are detached.
 */
export async function deleteVendor(deps: ServiceDeps, ctx: RequestContext, id: string) {
  await deps.db.transaction(async (tx) => {
    const vendor = await repo.findVendor(tx, ctx.orgId, id);
    if (!vendor) throw notFound('Vendor');
    const inUse = await repo.countVendorApplications(tx, ctx.orgId, id);
    if (inUse > 0) {
      throw conflict(
        `${vendor.name} is the vendor of ${plural(inUse, 'application')}. Move ${inUse === 1 ? 'it' : 'them'} to another vendor or archive ${inUse === 1 ? 'it' : 'them'} first.`,
      );
    }
    await repo.deleteVendor(tx, ctx.orgId, id);
    await recordAudit(tx, ctx, {
      action: 'vendor.delete',
      entityType: 'vendor',
      entityId: id,
      changes: { name: vendor.name },
    });
  });
}
