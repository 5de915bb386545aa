import type { Feature } from '@common/plans';

/** How a gated feature is named in upgrade prompts. */
export const FEATURE_LABELS: Record<Feature, string> = {
  dashboard: 'The dashboard',
  subscriptions: 'Applications',
  renewals: 'Renewals',
  settings: 'Settings',
  notifications: 'Notifications',
  expenses: 'Expenses',
  users: 'Users',
  vendors: 'Vendors',
  budget: 'Budget tracking',
  optimize: 'Optimization',
  insights: 'AI insights',
  analytics: 'Analytics',
  reports: 'Reports',
  team: 'Team collaboration',
  licenses: 'License management',
  vendorEditing: 'Vendor editing',
  entities: 'Multi-entity tracking',
  brands: 'Brand tracking',
  contracts: 'Contract management',
  slack: 'Slack alerts',
  productAnalytics: 'Product analytics',
  advancedAnalytics: 'Advanced analytics',
  brandedReports: 'Branded reports',
};
