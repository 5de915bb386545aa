import { lackedFeatures, PLAN_IDS, PLAN_RANK, PLANS, UNLIMITED, type PlanId } from '@common/plans';

export type Billing = 'monthly' | 'yearly';

/** Every capability some plan lacks, in the order the plans list them. */
export const COMPARED_FEATURES: string[] = [...new Set(PLAN_IDS.flatMap((id) => lackedFeatures(id)))];

/** Included when neither this plan nor any higher plan lists it as a limitation. */
export function planIncludes(planId: PlanId, feature: string): boolean {
  return PLAN_IDS.filter((id) => PLAN_RANK[id] >= PLAN_RANK[planId]).every(
    (id) => !lackedFeatures(id).includes(feature),
  );
}

export function formatLimit(value: number): string {
  return value >= UNLIMITED ? 'Unlimited' : String(value);
}

export const LIMIT_ROWS: Array<{ label: string; value: (id: PlanId) => string }> = [
  { label: 'Applications', value: (id) => formatLimit(PLANS[id].maxApps) },
  { label: 'Team members', value: (id) => formatLimit(PLANS[id].maxUsers) },
  { label: 'Brands', value: (id) => formatLimit(PLANS[id].maxBrands) },
  { label: 'Entities', value: (id) => formatLimit(PLANS[id].maxEntities) },
  { label: 'Benchmark tools', value: (id) => formatLimit(PLANS[id].maxBenchmarkTools) },
];

export const PLAN_TAGLINES: Record<PlanId, string> = {
  starter: 'For a first, complete list of what you pay for.',
  pro: 'For finance and IT teams actively cutting spend.',
  scale: 'For groups with several brands, entities and approvers.',
};

/** The price shown on a card: yearly costs ten months (spec §1). */
export function displayPrice(
  id: PlanId,
  billing: Billing,
): { amount: number; period: string; note: string | null } {
  const plan = PLANS[id];
  if (plan.price === 0) return { amount: 0, period: '/month', note: 'Free forever' };
  if (billing === 'yearly' && plan.priceYearly !== null) {
    return {
      amount: plan.priceYearly,
      period: '/year',
      note: `Two months free — save $${plan.yearlyDiscount}`,
    };
  }
  return { amount: plan.price, period: '/month', note: null };
}
