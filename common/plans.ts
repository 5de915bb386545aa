// The commercial plans of spec §1 and the feature gating of spec §6. Server and client both import this.

export const PLAN_IDS = ['starter', 'pro', 'scale'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** 999999 stands for "unlimited" (spec §9). */
export const UNLIMITED = 999999;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  price: number;
  priceYearly: number | null;
  yearlyDiscount: number;
  maxApps: number;
  maxUsers: number;
  maxBrands: number;
  maxEntities: number;
  maxBenchmarkTools: number;
  /** Names of the env variables that hold the payment provider's price ids. */
  monthlyPriceEnv: string | null;
  yearlyPriceEnv: string | null;
  features: string[];
  limitations: string[];
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    price: 0,
    priceYearly: null,
    yearlyDiscount: 0,
    maxApps: 15,
    maxUsers: 1,
    maxBrands: 1,
    maxEntities: 1,
    maxBenchmarkTools: 3,
    monthlyPriceEnv: null,
    yearlyPriceEnv: null,
    features: ['Up to 15 subscriptions', 'Single user', 'Basic renewal alerts', '3 benchmark tools'],
    limitations: [
      'Budget tracking',
      'AI recommendations',
      'Team collaboration',
      'Exports',
      'Slack',
      'Savings pipeline',
      'Full benchmarks',
      'Duplicate detection',
      'Contract management',
      'Usage tracking',
      'Multi-entity',
      'Advanced analytics',
      'Group purchasing',
      'SSO',
      'API',
    ],
  },
  pro: {
    id: 'pro',
    name: 'Growth',
    price: 49,
    priceYearly: 490,
    yearlyDiscount: 98,
    maxApps: UNLIMITED,
    maxUsers: 5,
    maxBrands: 1,
    maxEntities: 1,
    maxBenchmarkTools: UNLIMITED,
    monthlyPriceEnv: 'STRIPE_PRICE_PRO_MONTHLY',
    yearlyPriceEnv: 'STRIPE_PRICE_PRO_YEARLY',
    features: [
      'Unlimited subscriptions',
      'Up to 5 team members',
      'AI insights',
      'Budget tracking and alerts',
      'Full pricing benchmarks',
    ],
    limitations: [
      'Multi-entity',
      'Advanced analytics',
      'Group purchasing',
      'SSO',
      'API',
      'Priority support',
      'Branded reports',
      'Benchmarking data',
    ],
  },
  scale: {
    id: 'scale',
    name: 'Scale',
    price: 199,
    priceYearly: 1990,
    yearlyDiscount: 398,
    maxApps: UNLIMITED,
    maxUsers: UNLIMITED,
    maxBrands: UNLIMITED,
    maxEntities: UNLIMITED,
    maxBenchmarkTools: UNLIMITED,
    monthlyPriceEnv: 'STRIPE_PRICE_SCALE_MONTHLY',
    yearlyPriceEnv: 'STRIPE_PRICE_SCALE_YEARLY',
    features: [
      'Everything in Growth',
      'Unlimited team members',
      'Multi-entity and brand tracking',
      'CFO-ready reports',
      'API access',
      'SSO',
    ],
    limitations: [],
  },
};

export const PLAN_RANK: Record<PlanId, number> = { starter: 1, pro: 2, scale: 3 };

/** Minimum plan per feature (spec §6). */
export const FEATURE_MIN_PLAN = {
  dashboard: 'starter',
  subscriptions: 'starter',
  renewals: 'starter',
  settings: 'starter',
  notifications: 'starter',
  expenses: 'starter',
  users: 'starter',
  vendors: 'starter',
  budget: 'pro',
  optimize: 'pro',
  insights: 'pro',
  analytics: 'pro',
  reports: 'pro',
  team: 'pro',
  licenses: 'pro',
  vendorEditing: 'pro',
  /** Contract management (spec §6: Starter lacks it). */
  contracts: 'pro',
  /** Slack alerts (spec §6: Starter lacks Slack). */
  slack: 'pro',
  entities: 'scale',
  brands: 'scale',
} as const satisfies Record<string, PlanId>;
export type Feature = keyof typeof FEATURE_MIN_PLAN;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export interface PlanState {
  subscriptionPlan?: string | null;
  trialPlan?: string | null;
  isTrialActive?: boolean;
}

/** Trial plan while a trial is active, else the organisation's plan, default starter (spec §4). */
export function effectivePlan(state: PlanState | null | undefined): PlanId {
  if (state?.isTrialActive && isPlanId(state.trialPlan)) return state.trialPlan;
  return isPlanId(state?.subscriptionPlan) ? state.subscriptionPlan : 'starter';
}

export function hasPlan(plan: PlanId, required: PlanId): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[required];
}

export function canUseFeature(plan: PlanId, feature: Feature): boolean {
  return hasPlan(plan, FEATURE_MIN_PLAN[feature]);
}

/** A plan limit is reached when count is at or above the plan maximum (spec §5). */
export function isLimitReached(count: number, max: number): boolean {
  return count >= max;
}

export const TRIAL_DAYS = 14;
export const TRIAL_REMINDER_DAYS = 3;
