import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { ACCOUNT_STATUSES, PLAN_IDS } from '../plans';
import { ROLES } from '../roles';
import { instant } from './wire';

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

export const currencyCode = z.enum(CURRENCY_CODES, { error: 'Use a supported ISO currency code, e.g. USD' });

export const organizationName = z.string().trim().min(1, 'Required').max(120, 'At most 120 characters');
export const fiscalYearStartMonth = z.number().int().min(1).max(12);

export const onboardingBody = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('profile'),
    firstName: z.string().trim().min(1, 'Required').max(100),
    lastName: z.string().trim().min(1, 'Required').max(100),
    jobTitle: z.string().trim().max(100).optional(),
  }),
  z.object({
    step: z.literal('workspace'),
    organizationName,
    currency: currencyCode.default('USD'),
    fiscalYearStartMonth: fiscalYearStartMonth.default(1),
    companySize: z.enum(COMPANY_SIZES),
  }),
  z.object({ step: z.literal('apps') }),
]);
export type OnboardingBody = z.infer<typeof onboardingBody>;

export const updateOrganizationBody = z.object({
  name: organizationName.optional(),
  currency: currencyCode.optional(),
  fiscalYearStartMonth: fiscalYearStartMonth.optional(),
  autoRenewTrial: z.boolean().optional(),
});

export const setupProgressSchema = z.object({
  addApplications: z.boolean().optional(),
  inviteTeam: z.boolean().optional(),
  importExpenses: z.boolean().optional(),
  createBudget: z.boolean().optional(),
  configureAlerts: z.boolean().optional(),
  assignLicenses: z.boolean().optional(),
  setupCompletedAt: z.string().nullable().optional(),
});

export const organizationSummary = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  fiscalYearStartMonth: z.number(),
  subscriptionPlan: z.enum(PLAN_IDS),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  setupProgress: setupProgressSchema,
  role: z.enum(ROLES),
});

export const organizationDetail = organizationSummary.extend({
  companySize: z.string().nullable(),
  trialPlan: z.enum(PLAN_IDS).nullable(),
  trialEndsAt: instant.nullable(),
  graceEndsAt: instant.nullable(),
  hasPaymentMethod: z.boolean(),
  autoRenewTrial: z.boolean(),
  effectivePlan: z.enum(PLAN_IDS),
  /** The plan whose pages may be viewed: the trial plan during the read-only grace period. */
  viewPlan: z.enum(PLAN_IDS),
  isTrialActive: z.boolean(),
});
