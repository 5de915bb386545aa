// The marketing feature's public face: other features import only from here (eslint enforces it).
export { BillingToggle } from './components/billing-toggle';
export { LIMIT_ROWS, displayPrice } from './pricing-matrix';
export type { Billing } from './pricing-matrix';
