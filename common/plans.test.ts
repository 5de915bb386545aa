import { describe, expect, it } from 'vitest';
import {
  canUseFeature,
  daysRemaining,
  effectivePlan,
  FEATURE_MIN_PLAN,
  isAccountLocked,
  isLimitReached,
  isReadOnly,
  LIMITATION_LABELS,
  PLAN_IDS,
  PLAN_RANK,
  planAllowing,
  planLimit,
  planLimitReason,
  PLANS,
  type Feature,
  type Limitation,
  type PlanId,
  viewPlan,
} from './plans';

describe('plan table (spec §1)', () => {
  it('holds ids, names, prices, yearly prices and discounts', () => {
    const rows = PLAN_IDS.map((id) => {
      const p = PLANS[id];
      return [p.id, p.name, p.price, p.priceYearly, p.yearlyDiscount];
    });
    expect(rows).toEqual([
      ['starter', 'Starter', 0, 0, 0],
      ['pro', 'Growth', 49, 490, 98],
      ['scale', 'Scale', 199, 1990, 398],
    ]);
    // Yearly equals ten months; the discount is the two months saved.
    for (const id of PLAN_IDS) {
      expect(PLANS[id].priceYearly).toBe(PLANS[id].price * 10);
      expect(PLANS[id].yearlyDiscount).toBe(PLANS[id].price * 12 - PLANS[id].priceYearly);
    }
  });

  it('holds the limits, 999999 standing for unlimited', () => {
    const limits = (id: PlanId) => {
      const p = PLANS[id];
      return [p.maxApps, p.maxUsers, p.maxBrands, p.maxEntities, p.maxBenchmarkTools];
    };
    expect(limits('starter')).toEqual([15, 1, 1, 1, 3]);
    expect(limits('pro')).toEqual([999999, 5, 1, 1, 999999]);
    expect(limits('scale')).toEqual([999999, 999999, 999999, 999999, 999999]);
  });

  it('names the price-id variables of the paid plans', () => {
    expect([PLANS.pro.monthlyPriceEnv, PLANS.pro.yearlyPriceEnv]).toEqual([
      'STRIPE_PRICE_PRO_MONTHLY',
      'STRIPE_PRICE_PRO_YEARLY',
    ]);
    expect([PLANS.scale.monthlyPriceEnv, PLANS.scale.yearlyPriceEnv]).toEqual([
      'STRIPE_PRICE_SCALE_MONTHLY',
      'STRIPE_PRICE_SCALE_YEARLY',
    ]);
    expect(PLANS.starter.monthlyPriceEnv).toBeNull();
  });

  it('lists the features of spec §1', () => {
    expect(PLANS.pro.features).toEqual([
      'Unlimited subscriptions',
      'Up to 5 team members',
      'AI insights',
      'Budget tracking and alerts',
      'Full pricing benchmarks',
    ]);
    expect(PLANS.scale.features).toEqual([
      'Everything in Growth',
      'Unlimited team members',
      'Multi-entity and brand tracking',
      'CFO-ready reports',
      'API access',
      'SSO',
    ]);
    expect(PLANS.starter.features).toEqual(
      expect.arrayContaining(['Up to 15 subscriptions', 'Single user', 'Basic renewal alerts']),
    );
  });

  it('flags what each plan lacks (spec §6)', () => {
    const lacking = (id: PlanId) =>
      (Object.keys(LIMITATION_LABELS) as Limitation[])
        .filter((k) => PLANS[id].limitations[k])
        .map((k) => LIMITATION_LABELS[k]);
    expect(lacking('starter')).toEqual([
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
    ]);
    expect(lacking('pro')).toEqual([
      'Multi-entity',
      'Advanced analytics',
      'Group purchasing',
      'SSO',
      'API',
      'Priority support',
      'Branded reports',
      'Benchmarking data',
    ]);
    expect(lacking('scale')).toEqual([]);
  });

  it('ranks starter 1, pro 2, scale 3', () => {
    expect(PLAN_RANK).toEqual({ starter: 1, pro: 2, scale: 3 });
  });
});

describe('effective plan (spec §4)', () => {
  it.each([
    [{ subscriptionPlan: 'starter', trialPlan: 'pro', isTrialActive: true }, 'pro'],
    [{ subscriptionPlan: 'starter', trialPlan: 'scale', isTrialActive: true }, 'scale'],
    [{ subscriptionPlan: 'starter', trialPlan: 'pro', isTrialActive: false }, 'starter'],
    [{ subscriptionPlan: 'scale', trialPlan: 'pro', isTrialActive: false }, 'scale'],
    [{ subscriptionPlan: 'pro', trialPlan: null, isTrialActive: true }, 'pro'],
    [{ subscriptionPlan: 'bogus', trialPlan: 'bogus', isTrialActive: true }, 'starter'],
    [{}, 'starter'],
    [null, 'starter'],
  ] as const)('%j → %s', (state, expected) => {
    expect(effectivePlan(state)).toBe(expected);
  });
});

describe('viewing plan (grace period: view what the trial had)', () => {
  it.each([
    [{ accountStatus: 'grace_readonly', subscriptionPlan: 'starter', trialPlan: 'pro' }, 'pro'],
    [{ accountStatus: 'grace_readonly', subscriptionPlan: 'starter', trialPlan: 'scale' }, 'scale'],
    [{ accountStatus: 'grace_readonly', subscriptionPlan: 'scale', trialPlan: 'pro' }, 'scale'],
    [{ accountStatus: 'grace_readonly', subscriptionPlan: 'starter', trialPlan: 'bogus' }, 'starter'],
    [{ accountStatus: 'grace_readonly', subscriptionPlan: 'starter', trialPlan: null }, 'starter'],
    [{ accountStatus: 'trial_expired', subscriptionPlan: 'starter', trialPlan: 'pro' }, 'starter'],
    [{ accountStatus: 'locked', subscriptionPlan: 'starter', trialPlan: 'pro' }, 'starter'],
    [{ accountStatus: 'active', subscriptionPlan: 'starter', trialPlan: 'pro' }, 'starter'],
    [{ accountStatus: 'trial', subscriptionPlan: 'starter', trialPlan: 'pro', isTrialActive: true }, 'pro'],
    [null, 'starter'],
  ] as const)('%j → %s', (state, expected) => {
    expect(viewPlan(state)).toBe(expected);
  });

  it('opens Growth pages to a Growth trial in grace, not to a plain Starter', () => {
    const grace = viewPlan({
      accountStatus: 'grace_readonly',
      subscriptionPlan: 'starter',
      trialPlan: 'pro',
    });
    expect(canUseFeature(grace, 'insights')).toBe(true);
    expect(canUseFeature(grace, 'budget')).toBe(true);
    expect(canUseFeature(grace, 'entities')).toBe(false);
    expect(
      canUseFeature(viewPlan({ accountStatus: 'active', subscriptionPlan: 'starter' }), 'insights'),
    ).toBe(false);
  });
});

describe('feature gating (spec §6)', () => {
  const table: Record<PlanId, Feature[]> = {
    starter: [
      'dashboard',
      'subscriptions',
      'renewals',
      'settings',
      'notifications',
      'expenses',
      'users',
      'vendors',
    ],
    // The last two come from the list of what Starter lacks: contract management, Slack.
    pro: [
      'budget',
      'optimize',
      'insights',
      'analytics',
      'reports',
      'team',
      'licenses',
      'vendorEditing',
      'contracts',
      'slack',
      // Product analytics comes with analytics (issue 20).
      'productAnalytics',
      // Connectors make usage tracking automatic, a Growth feature (issue 35).
      'connectors',
    ],
    // Growth lacks advanced analytics, branded reports, SSO and API (spec §6); SCIM and the audit
    // log come with SSO and API (issue 21).
    scale: [
      'entities',
      'brands',
      'advancedAnalytics',
      'brandedReports',
      'sso',
      'apiAccess',
      'scim',
      'auditLog',
    ],
  };

  it('maps every feature to the minimum plan of the spec', () => {
    const expected = Object.fromEntries(
      Object.entries(table).flatMap(([plan, features]) => features.map((f) => [f, plan])),
    );
    expect(FEATURE_MIN_PLAN).toEqual(expected);
  });

  it.each(PLAN_IDS)('on %s, a feature is usable exactly when its plan ranks at or below', (plan) => {
    for (const [feature, required] of Object.entries(FEATURE_MIN_PLAN) as Array<[Feature, PlanId]>) {
      expect(canUseFeature(plan, feature), `${feature} on ${plan}`).toBe(
        PLAN_RANK[plan] >= PLAN_RANK[required],
      );
    }
  });
});

describe('limits (spec §5)', () => {
  it('is reached at or above the maximum', () => {
    expect(isLimitReached(14, 15)).toBe(false);
    expect(isLimitReached(15, 15)).toBe(true);
    expect(isLimitReached(16, 15)).toBe(true);
    expect(isLimitReached(999998, 999999)).toBe(false);
  });

  it('knows each plan maximum and the cheapest plan with room for one more', () => {
    expect(planLimit('starter', 'apps')).toBe(15);
    expect(planLimit('pro', 'users')).toBe(5);
    expect(planAllowing('apps', 15)).toBe('pro');
    expect(planAllowing('users', 0)).toBe('starter');
    expect(planAllowing('users', 5)).toBe('scale');
    expect(planAllowing('brands', 1)).toBe('scale');
    expect(planAllowing('apps', 999999)).toBeNull();
  });
});

describe('trial days and account states', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('rounds days remaining up and stops at 0', () => {
    expect(daysRemaining(new Date('2026-03-15T12:00:00Z'), now)).toBe(14);
    expect(daysRemaining(new Date('2026-03-15T11:00:00Z'), now)).toBe(14);
    expect(daysRemaining(new Date('2026-03-01T12:00:01Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-03-01T12:00:00Z'), now)).toBe(0);
    expect(daysRemaining('2026-02-01T00:00:00Z', now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });

  it('treats trial_expired and locked as locked, grace_readonly as read-only', () => {
    expect(['trial_expired', 'locked', 'grace_readonly', 'active', 'trial'].map(isAccountLocked)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isReadOnly('grace_readonly')).toBe(true);
    expect(isReadOnly('trial_expired')).toBe(false);
  });
});

describe('planLimitReason', () => {
  it.each([
    [{ kind: 'apps', limit: 15, current: 15, plan: 'starter' }, 'You have 15 of 15 applications on Starter'],
    [{ kind: 'users', limit: 1, current: 1, plan: 'starter' }, 'You have 1 of 1 team member on Starter'],
    [{ kind: 'users', limit: 5, current: 5, plan: 'pro' }, 'You have 5 of 5 team members on Growth'],
    [{ kind: 'apps', limit: 15, current: 22, plan: 'starter' }, 'You have 22 of 15 applications on Starter'],
  ] as const)('%o → %s', (facts, text) => {
    expect(planLimitReason(facts)).toBe(text);
  });
});
