// One brand's page: its applications and share of each, people, budgets and the last 12 months'
// profitability (the same figures as the side-by-side view).
import { displayName } from '../../../common/display-name';
import { defaultPeriod } from '../../../common/brand-profitability';
import type { BrandSummaryResponse } from '../../../common/contracts/brand-profitability';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import { todayInTimeZone } from '../../../common/dates';
import { notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { listBrands } from '../entities';
import * as repo from './profitability.repo';
import { activeSince, brandFigures } from './profitability.service';

export async function getBrandSummary(
  deps: ServiceDeps,
  ctx: RequestContext,
  brandId: string,
): Promise<BrandSummaryResponse> {
  const [brand] = await listBrands(deps.db, ctx.orgId, { id: brandId });
  if (!brand) throw notFound('Brand');
  const period = defaultPeriod(todayInTimeZone(deps.clock.now()));
  const defaults = await repo.findDefaults(deps.db, ctx.orgId);
  const range = { fromMonth: `${period.from}-01`, toMonth: `${period.to}-01` };
  const [figures, appSpend, people] = await Promise.all([
    brandFigures(deps, ctx, period, [brand]),
    repo.brandApplicationSpend(deps.db, ctx.orgId, range, defaults, brandId),
    repo.peopleOfBrand(deps.db, ctx.orgId, defaults, brandId),
  ]);
  const spendOf = new Map(appSpend.map((a) => [a.subscriptionId, a.spendMinor]));
  const shares = await repo.sharesOfBrand(deps.db, ctx.orgId, brandId, [...spendOf.keys()]);
  const ids = [...new Set([...spendOf.keys(), ...shares.keys()])];
  const activity = await repo.applicationActivity(deps.db, ctx.orgId, ids, activeSince(deps.clock.now()));
  const applications = ids
    .filter((id) => activity.has(id))
    .map((id) => ({
      subscriptionId: id,
      name: activity.get(id)!.name,
      // Not allocated at all: wholly the default brand's.
      percent: (shares.get(id) ?? (brand.isDefault ? FULL_SHARE_BP : 0)) / 100,
      spendMinor: spendOf.get(id) ?? 0,
    }))
    .toSorted((a, b) => b.spendMinor - a.spendMinor || a.name.localeCompare(b.name));
  return {
    brand: {
      id: brand.id,
      name: brand.name,
      color: brand.color,
      logoUrl: brand.logoKey ? `/api/brands/${brand.id}/logo` : null,
      isDefault: brand.isDefault,
      entityId: brand.entityId,
      entityName: brand.entityName,
    },
    currency: figures.currency,
    applications,
    // Budgets take no brand scope yet (common/contracts/budgets.ts BUDGET_SCOPES).
    budgets: [],
    people: people.map((p) => ({
      id: p.id,
      name: displayName(p),
      email: p.email,
      department: p.department,
    })),
    profitability: figures.brands[0]!,
    unconverted: figures.unconverted,
  };
}
