// The commercial plans of spec §1 and the feature gating of spec §6. Server and client both import this.

export const PLAN_IDS = ['starter', 'pro', 'scale'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** 999999 stands for "unlimited" (spec §9). */
export const UNLIMITED = 999999;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  price: number;
  priceYearly: number;
  yearlyDiscount: number;
  maxApps: number;
  maxUsers: number;
  maxBrands: number;
  maxEntities: number;
  maxBenchmarkTools: number;
  /**
   * Names of the env variables that hold the payment provider's monthly and yearly price ids;
   * common/ cannot read env, so the server resolves them (GET /api/plans → monthlyPriceId, yearlyPriceId).
   */
  monthlyPriceEnv: PriceEnvName | null;
  yearlyPriceEnv: PriceEnvName | null;
  features: string[];
  /** Limitation flags: true where the plan lacks the capability (spec §6). */
  limitations: Record<Limitation, boolean>;
}

export type PriceEnvName =
  | 'STRIPE_PRICE_PRO_MONTHLY'
  | 'STRIPE_PRICE_PRO_YEARLY'
  | 'STRIPE_PRICE_SCALE_MONTHLY'
  | 'STRIPE_PRICE_SCALE_YEARLY';

/** What a plan may lack, with the wording of spec §6. */
export const LIMITATION_LABELS = {
  budgetTracking: 'Budget tracking',
  aiRecommendations: 'AI recommendations',
  teamCollaboration: 'Team collaboration',
  exports: 'Exports',
  slack: 'Slack',
  savingsPipeline: 'Savings pipeline',
  fullBenchmarks: 'Full benchmarks',
  duplicateDetection: 'Duplicate detection',
  contractManagement: 'Contract management',
  usageTracking: 'Usage tracking',
  multiEntity: 'Multi-entity',
  advancedAnalytics: 'Advanced analytics',
  groupPurchasing: 'Group purchasing',
  sso: 'SSO',
  api: 'API',
  prioritySupport: 'Priority support',
  brandedReports: 'Branded reports',
  benchmarkingData: 'Benchmarking data',
} as const;
export type Limitation = keyof typeof LIMITATION_LABELS;

function lacking(...missing: Limitation[]): Record<Limitation, boolean> {
  const flags = {} as Record<Limitation, boolean>;
  for (const key of Object.keys(LIMITATION_LABELS) as Limitation[]) flags[key] = missing.includes(key);
  return flags;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    price: 0,
    // Not shown in the spec; a yearly price is ten months, and ten months of $0 is $0.
    priceYearly: 0,
    yearlyDiscount: 0,
    maxApps: 15,
    maxUsers: 1,
    maxBrands: 1,
    maxEntities: 1,
    maxBenchmarkTools: 3,
    monthlyPriceEnv: null,
    yearlyPriceEnv: null,
    features: ['Up to 15 subscriptions', 'Single user', 'Basic renewal alerts', '3 benchmark tools'],
    limitations: lacking(
      'budgetTracking',
      'aiRecommendations',
      'teamCollaboration',
      'exports',
      'slack',
      'savingsPipeline',
      'fullBenchmarks',
      'duplicateDetection',
      'contractManagement',
      'usageTracking',
      'multiEntity',
      'advancedAnalytics',
      'groupPurchasing',
      'sso',
      'api',
    ),
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
    limitations: lacking(
      'multiEntity',
      'advancedAnalytics',
      'groupPurchasing',
      'sso',
      'api',
      'prioritySupport',
      'brandedReports',
      'benchmarkingData',
    ),
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
    limitations: lacking(),
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
  /** Adoption and usage analytics (/app/product-analytics), with analytics. */
  productAnalytics: 'pro',
  /** Custom ranges, period comparisons, pivots and saved views (spec §6: Growth lacks them). */
  advancedAnalytics: 'scale',
  /** The organization's logo, colours and name on reports (spec §6: Growth lacks them). */
  brandedReports: 'scale',
  /** Single sign-on, OIDC or SAML (spec §6: Growth lacks SSO). */
  sso: 'scale',
  /** API keys for the REST API (spec §6: Growth lacks API). */
  apiAccess: 'scale',
  /** SCIM 2.0 provisioning from the identity provider, with SSO. */
  scim: 'scale',
  /** Connectors (Google Workspace…): people, discovered applications and seat usage pulled in (usage tracking). */
  connectors: 'pro',
  /** The security and money audit log (/app/settings/audit), with SSO and API. */
  auditLog: 'scale',
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

export interface ViewPlanState extends PlanState {
  accountStatus?: string | null;
}

/**
 * The plan whose features may be viewed: during the read-only grace period after a trial the
 * organization still sees what it had on the trial plan (spec: "Still available: view subscription
 * data, analytics and insights…"), so the trial plan when it ranks above the effective plan;
 * otherwise the effective plan. Writes and limits keep using effectivePlan.
 */
export function viewPlan(state: ViewPlanState | null | undefined): PlanId {
  const plan = effectivePlan(state);
  if (state?.accountStatus === 'grace_readonly' && isPlanId(state.trialPlan)) {
    return PLAN_RANK[state.trialPlan] > PLAN_RANK[plan] ? state.trialPlan : plan;
  }
  return plan;
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

/** The labels of what a plan lacks, in the order of spec §6. */
export function lackedFeatures(plan: PlanId): string[] {
  return (Object.keys(LIMITATION_LABELS) as Limitation[])
    .filter((key) => PLANS[plan].limitations[key])
    .map((key) => LIMITATION_LABELS[key]);
}

/** Plans a trial or a checkout can be for. */
export const PAID_PLAN_IDS = ['pro', 'scale'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/**
 * Where an organization's account stands. The spec names trial_expired, locked and
 * grace_readonly; active (paid or free), trial and past_due (a failed payment Stripe is retrying)
 * complete the set.
 */
export const ACCOUNT_STATUSES = [
  'active',
  'trial',
  'grace_readonly',
  'trial_expired',
  'locked',
  'past_due',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** trial_expired and locked block the app except plans, billing and export (spec §2). */
export function isAccountLocked(status: string | null | undefined): boolean {
  return status === 'trial_expired' || status === 'locked';
}

/** During the grace period everything can be read, nothing written. */
export function isReadOnly(status: string | null | undefined): boolean {
  return status === 'grace_readonly';
}

/** The limited things of spec §1, each with its plan maximum. */
export const LIMIT_KINDS = ['apps', 'users', 'brands', 'entities', 'benchmarkTools'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const LIMIT_LABELS: Record<LimitKind, { one: string; many: string }> = {
  apps: { one: 'application', many: 'applications' },
  users: { one: 'team member', many: 'team members' },
  brands: { one: 'brand', many: 'brands' },
  entities: { one: 'entity', many: 'entities' },
  benchmarkTools: { one: 'benchmark tool', many: 'benchmark tools' },
};

/** A plan_limit answer's figures: `{ kind, limit, current, plan }` of the 403 body. */
export interface PlanLimitFacts {
  kind: LimitKind;
  limit: number;
  current: number;
  plan: PlanId;
}

/** Why a plan limit stopped an action: "You have 15 of 15 applications on Starter". */
export function planLimitReason({ kind, limit, current, plan }: PlanLimitFacts): string {
  const label = LIMIT_LABELS[kind];
  return `You have ${current} of ${limit} ${limit === 1 ? label.one : label.many} on ${PLANS[plan].name}`;
}

const LIMIT_FIELD: Record<LimitKind, keyof PlanDefinition> = {
  apps: 'maxApps',
  users: 'maxUsers',
  brands: 'maxBrands',
  entities: 'maxEntities',
  benchmarkTools: 'maxBenchmarkTools',
};

export function planLimit(plan: PlanId, kind: LimitKind): number {
  return PLANS[plan][LIMIT_FIELD[kind]] as number;
}

export function isUnlimited(max: number): boolean {
  return max >= UNLIMITED;
}

/** The cheapest plan on which one more item fits next to `count` existing ones, or null. */
export function planAllowing(kind: LimitKind, count: number): PlanId | null {
  return PLAN_IDS.find((plan) => !isLimitReached(count, planLimit(plan, kind))) ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `end`, rounded up; 0 once it has passed (spec §4: "days rounded up"). */
export function daysRemaining(end: Date | string | null | undefined, now: Date): number {
  if (!end) return 0;
  const ms = new Date(end).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

/** The banner turns urgent at 3 days or fewer (spec §9). */
export const TRIAL_URGENT_DAYS = 3;
