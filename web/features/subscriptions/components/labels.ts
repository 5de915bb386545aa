import type { BillingCycle, PricingModel } from '@common/billing';
import type { SubscriptionStatus } from '@common/contracts/subscriptions';

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trial: 'Trial',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

export const STATUS_VARIANTS: Record<SubscriptionStatus, 'success' | 'default' | 'secondary' | 'outline'> = {
  active: 'success',
  trial: 'default',
  paused: 'secondary',
  cancelled: 'outline',
};

export const CYCLE_LABELS: Record<BillingCycle, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'semi-annual': 'Semi-annual',
  annual: 'Annual',
  'multi-year': 'Multi-year',
};

export const PRICING_LABELS: Record<PricingModel, string> = {
  flat: 'Flat',
  'per-seat': 'Per seat',
  usage: 'Usage-based (estimate)',
};
