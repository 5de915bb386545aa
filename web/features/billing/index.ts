// The billing feature's public face: other features import only from here (eslint enforces it).
export { AccountGate } from './components/account-gate';
export { BillingTab } from './components/billing-tab';
export { PlansTab } from './components/plans-tab';
export { UpgradeProvider } from './components/upgrade-provider';
export { useNextPlan } from './use-next-plan';
