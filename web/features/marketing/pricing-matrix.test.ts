import { describe, expect, it } from 'vitest';
import { PLANS } from '@common/plans';
import { displayPrice, formatLimit, planIncludes } from '@/lib/pricing-matrix';

describe('pricing page figures', () => {
  it('yearly price equals ten months', () => {
    for (const id of ['pro', 'scale'] as const) {
      expect(displayPrice(id, 'yearly').amount).toBe(PLANS[id].price * 10);
      expect(displayPrice(id, 'monthly').amount).toBe(PLANS[id].price);
    }
    expect(displayPrice('pro', 'yearly').note).toBe('Two months free — save $98');
    expect(displayPrice('scale', 'yearly').note).toBe('Two months free — save $398');
    expect(displayPrice('starter', 'yearly')).toMatchObject({ amount: 0, note: 'Free forever' });
  });

  it('shows 999999 as unlimited', () => {
    expect(formatLimit(999999)).toBe('Unlimited');
    expect(formatLimit(15)).toBe('15');
  });

  it('includes a feature in a plan only when no plan from it upwards lacks it', () => {
    expect(planIncludes('starter', 'Budget tracking')).toBe(false);
    expect(planIncludes('pro', 'Budget tracking')).toBe(true);
    expect(planIncludes('pro', 'SSO')).toBe(false);
    expect(planIncludes('scale', 'SSO')).toBe(true);
    expect(planIncludes('starter', 'Priority support')).toBe(false);
  });
});
