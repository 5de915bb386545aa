// What every analytics request resolves first: its range (a preset, or from/to: a custom range is a
// Scale feature unless it equals a preset's dates) and its entity/brand filter, checked against the
// organization (another tenant's id is a 404).
import {
  customRangeProblem,
  DEFAULT_ANALYTICS_PRESET,
  presetMatching,
  resolvePreset,
  type AnalyticsRange,
} from '../../../common/analytics-range';
import { ANALYTICS_MAX_MONTHS, type AnalyticsPreset } from '../../../common/contracts/analytics';
import { todayInTimeZone } from '../../../common/dates';
import { canUseFeature, FEATURE_MIN_PLAN } from '../../../common/plans';
import { AppError, invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { defaultEntityAndBrand, entityOrBrandName } from '../entities';
import { viewPlanOf } from '../organizations';
import { spendCellsCurrent } from './cells.repo';
import type { SpendScope } from './spend.repo';

export interface RangeInput {
  preset?: AnalyticsPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface FilterInput {
  entityId?: string | undefined;
  brandId?: string | undefined;
}

export const todayOf = (deps: ServiceDeps) => todayInTimeZone(deps.clock.now());

/** 403 plan_required (Scale) unless the organization may use advanced analytics. */
export function requireAdvanced(deps: ServiceDeps, ctx: RequestContext, message: string): void {
  if (canUseFeature(viewPlanOf(ctx.org, deps.clock.now()), 'advancedAnalytics')) return;
  throw new AppError('plan_required', message, { requiredPlan: FEATURE_MIN_PLAN.advancedAnalytics });
}

/** A from/to pair: whole months, in order, not too long; the field named in the 400. */
export function checkedCustomRange(from: string, to: string, field = 'from'): AnalyticsRange {
  const problem = customRangeProblem({ from, to }, ANALYTICS_MAX_MONTHS);
  if (problem) throw invalidFields([{ field, message: problem }]);
  return { from, to };
}

/**
 * The request's range. from/to win over a preset; a pair that is not exactly a preset's dates is a
 * custom range, which needs the Scale plan.
 */
export function resolveRange(deps: ServiceDeps, ctx: RequestContext, input: RangeInput): AnalyticsRange {
  const today = todayOf(deps);
  const fiscal = ctx.org.fiscalYearStartMonth;
  if (input.from || input.to) {
    if (!input.from || !input.to) {
      throw invalidFields([{ field: input.from ? 'to' : 'from', message: 'Give both from and to' }]);
    }
    const range = checkedCustomRange(input.from, input.to);
    if (!presetMatching(range, today, fiscal)) {
      requireAdvanced(deps, ctx, 'Custom date ranges need the Scale plan.');
    }
    return range;
  }
  return resolvePreset(input.preset ?? DEFAULT_ANALYTICS_PRESET, today, fiscal);
}

/**
 * A read made once per request context: a report asks for the scope of several figures at once (the
 * executive summary four times), all in the same moment, and a request writes nothing in between.
 */
function oncePerRequest<T>(read: (deps: ServiceDeps, ctx: RequestContext) => Promise<T>) {
  const made = new WeakMap<RequestContext, Promise<T>>();
  return (deps: ServiceDeps, ctx: RequestContext): Promise<T> => {
    let found = made.get(ctx);
    if (!found) {
      found = read(deps, ctx);
      made.set(ctx, found);
      found.catch(() => made.delete(ctx));
    }
    return found;
  };
}

/** The organization's default entity and brand. */
const defaultsOf = oncePerRequest((deps, ctx) => defaultEntityAndBrand(deps.db, ctx.orgId));
/** Whether the read model reflects every committed write. */
const cellsCurrentOf = oncePerRequest((deps, ctx) => spendCellsCurrent(deps.db, ctx.orgId));

/** The spend scope of a range and filter: 404 for an entity or brand this organization does not have. */
export async function scopeOf(
  deps: ServiceDeps,
  ctx: RequestContext,
  range: AnalyticsRange,
  filter: FilterInput,
): Promise<SpendScope> {
  const [entityName, brandName, defaults, readModel] = await Promise.all([
    filter.entityId ? entityOrBrandName(deps.db, ctx.orgId, 'entity', filter.entityId) : 'none',
    filter.brandId ? entityOrBrandName(deps.db, ctx.orgId, 'brand', filter.brandId) : 'none',
    defaultsOf(deps, ctx),
    cellsCurrentOf(deps, ctx),
  ]);
  if (entityName === null) throw notFound('Entity');
  if (brandName === null) throw notFound('Brand');
  return {
    orgId: ctx.orgId,
    fromMonth: `${range.from.slice(0, 7)}-01`,
    toMonth: `${range.to.slice(0, 7)}-01`,
    entityId: filter.entityId,
    brandId: filter.brandId,
    defaults,
    readModel,
  };
}
