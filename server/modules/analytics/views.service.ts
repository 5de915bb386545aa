// Saved views (Scale): named analytics URLs of the organization.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createAnalyticsViewBody } from '../../../common/contracts/analytics';
import { analyticsViews } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { requireAdvanced } from './range';

type CreateViewInput = z.output<typeof createAnalyticsViewBody>;
const SCALE_MESSAGE = 'Saved views need the Scale plan.';

const present = (row: typeof analyticsViews.$inferSelect) => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt,
});

export async function listViews(deps: ServiceDeps, ctx: RequestContext) {
  requireAdvanced(deps, ctx, SCALE_MESSAGE);
  const rows = await deps.db
    .select()
    .from(analyticsViews)
    .where(eq(analyticsViews.organizationId, ctx.orgId))
    .orderBy(asc(analyticsViews.name));
  return rows.map(present);
}

export async function createView(deps: ServiceDeps, ctx: RequestContext, body: CreateViewInput) {
  requireAdvanced(deps, ctx, SCALE_MESSAGE);
  try {
    const [row] = await deps.db
      .insert(analyticsViews)
      .values({ organizationId: ctx.orgId, name: body.name, query: body.query, createdBy: ctx.userId })
      .returning();
    return present(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A view named "${body.name}" already exists.`);
    throw error;
  }
}

export async function deleteView(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<void> {
  requireAdvanced(deps, ctx, SCALE_MESSAGE);
  const deleted = await deps.db
    .delete(analyticsViews)
    .where(and(eq(analyticsViews.organizationId, ctx.orgId), eq(analyticsViews.id, id)))
    .returning({ id: analyticsViews.id });
  if (deleted.length === 0) throw notFound('View');
}
