// Budgets (Growth): a spend limit per fiscal period and scope, with alert thresholds.
import { z } from 'zod';
import { BUDGET_STATES } from '../budget-state';
import { FISCAL_PERIODS } from '../dates';
import { allocationFilterQuery } from './entities';
import { currencyCode } from './organizations';
import { instant, type Wire } from './wire';

export const BUDGET_PERIODS = FISCAL_PERIODS;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
/** Entity and brand scopes count each expense and application by its share there (issue 19). */
export const BUDGET_SCOPES = [
  'organization',
  'category',
  'department',
  'application',
  'entity',
  'brand',
] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];
export const DEFAULT_THRESHOLDS = [80, 100];

const MAX_BUDGET_MINOR = 1_000_000_000_000;

const thresholds = z
  .array(z.number().int('Whole percent').min(1, 'At least 1%').max(1000, 'At most 1000%'))
  .min(1, 'At least one threshold')
  .max(5, 'At most 5 thresholds')
  .refine((list) => new Set(list).size === list.length, 'Thresholds must differ');

const budgetFields = {
  name: z.string().trim().min(1, 'Name is required').max(120, 'At most 120 characters'),
  period: z.enum(BUDGET_PERIODS, { error: `Use one of: ${BUDGET_PERIODS.join(', ')}` }),
  amountMinor: z
    .number({ error: 'Amount must be a number in minor units (cents)' })
    .int('Amount must be a whole number of minor units (cents)')
    .min(1, 'Amount must be above zero')
    .max(MAX_BUDGET_MINOR, 'Amount is too large'),
  /** Defaults to the organization's currency; only expenses in this currency count. */
  currency: currencyCode.optional(),
  scope: z.enum(BUDGET_SCOPES, { error: `Use one of: ${BUDGET_SCOPES.join(', ')}` }),
  /** Category, application, entity or brand id (per scope). */
  scopeId: z.uuid().nullable().optional(),
  /** Department name (department scope). */
  scopeValue: z.string().trim().max(100).nullable().optional(),
  thresholds: thresholds.optional(),
};

type ScopeFields = { scope?: BudgetScope; scopeId?: string | null; scopeValue?: string | null };

/** Scopes that name their target by id. */
export const ID_SCOPES: readonly BudgetScope[] = ['category', 'application', 'entity', 'brand'];

/** Scope needs its target: a category, application, entity or brand id, or a department name. */
export function scopeIssues(v: ScopeFields): Array<{ field: string; message: string }> {
  if (v.scope && ID_SCOPES.includes(v.scope) && !v.scopeId) {
    return [{ field: 'scopeId', message: `Choose the ${v.scope} this budget covers` }];
  }
  if (v.scope === 'department' && !v.scopeValue) {
    return [{ field: 'scopeValue', message: 'Name the department this budget covers' }];
  }
  return [];
}

export const createBudgetBody = z.object(budgetFields).superRefine((value, ctx) => {
  for (const issue of scopeIssues(value))
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
});
export type CreateBudgetBody = z.input<typeof createBudgetBody>;

export const updateBudgetBody = z
  .object({
    ...budgetFields,
    name: budgetFields.name.optional(),
    period: budgetFields.period.optional(),
    amountMinor: budgetFields.amountMinor.optional(),
    scope: budgetFields.scope.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateBudgetBody = z.input<typeof updateBudgetBody>;

export const budgetStatus = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  actualMinor: z.number(),
  committedMinor: z.number(),
  forecastMinor: z.number(),
  remainingMinor: z.number(),
  actualPercent: z.number(),
  forecastPercent: z.number(),
  /** Highest threshold reached by actual / by forecast, or null. */
  actualThreshold: z.number().nullable(),
  forecastThreshold: z.number().nullable(),
  /** common/budget-state.ts: one rule and one wording on every screen and report. */
  state: z.enum(BUDGET_STATES),
  /** Charges of the period with no rate into the organization's currency: not in actualMinor. */
  unconvertedCount: z.number(),
});
export type BudgetStatus = Wire<typeof budgetStatus>;

export const budgetResponse = z.object({
  id: z.string(),
  name: z.string(),
  period: z.enum(BUDGET_PERIODS),
  amountMinor: z.number(),
  currency: z.string(),
  scope: z.enum(BUDGET_SCOPES),
  scopeId: z.string().nullable(),
  scopeValue: z.string().nullable(),
  /** Category, application, entity or brand name for display. */
  scopeLabel: z.string().nullable(),
  thresholds: z.array(z.number()),
  status: budgetStatus,
  createdAt: instant,
  updatedAt: instant,
});
export type Budget = Wire<typeof budgetResponse>;

/** GET /api/budgets: budgets of an entity/brand (scoped to it or allocated to it). */
export const listBudgetsQuery = allocationFilterQuery;

export const budgetHistoryQuery = z.object({
  /** Months to show, ending with the last month of the current fiscal year (default 12). */
  months: z.coerce.number().int().min(1).max(36).default(12),
});

export const budgetHistoryResponse = z.object({
  budgetId: z.string(),
  currency: z.string(),
  months: z.array(
    z.object({
      month: z.string(), // 'YYYY-MM'
      budgetMinor: z.number(),
      actualMinor: z.number().nullable(),
      forecastMinor: z.number(),
      cumulativeBudgetMinor: z.number(),
      cumulativeActualMinor: z.number().nullable(),
      cumulativeForecastMinor: z.number(),
    }),
  ),
});
export type BudgetHistory = Wire<typeof budgetHistoryResponse>;
