// The billing feature's public face: other features import only from here (eslint enforces it).
export { AccountGate } from './components/account-gate';
export { BillingTab } from './components/billing-tab';
export { PlanGate, UpgradePrompt } from './components/plan-gate';
export { PlansTab } from './components/plans-tab';
export { UpgradeDialog } from './components/upgrade-dialog';
export { UpgradeProvider } from './components/upgrade-provider';
export { useFeatureAccess } from './use-feature-access';
export { useNextPlan } from './use-next-plan';
export { useUpgradeDialog } from './use-upgrade-dialog';
export { billingKeys } from './api/keys';
