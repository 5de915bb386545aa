// Saved views (Scale): named analytics URLs of the organization.
import type { z } from 'zod';
import type { createAnalyticsViewBody } from '../../../common/contracts/analytics';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { requireAdvanced } from './range';
import { deleteViewRow, insertView, listViewRows, type AnalyticsViewRow } from './views.repo';

type CreateViewInput = z.output<typeof createAnalyticsViewBody>;
const SCALE_MESSAGE = 'Saved views need the Scale plan.';

const present = (row: AnalyticsViewRow) => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt,
});

export async function listViews(deps: ServiceDeps, ctx: RequestContext) {
  requireAdvanced(deps, ctx, SCALE_MESSAGE);
  const rows = await listViewRows(deps.db, ctx.orgId);
  return rows.map(present);
}

export async function createView(deps: ServiceDeps, ctx: RequestContext, body: CreateViewInput) {
  requireAdvanced(deps, ctx, SCALE_MESSAGE);
  try {
    const row = await insertView(deps.db, {
      organizationId: ctx.orgId,
      name: body.name,
      query: body.query,
      createdBy: ctx.userId,
    });
    return present(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A view named "${body.name}" already exists.`);
    throw error;
  }
}

export async function deleteView(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<void> {
  requireAdvanced(deps, ctx, SCALE_MESSAGE);
  if (!(await deleteViewRow(deps.db, ctx.orgId, id))) throw notFound('View');
}
