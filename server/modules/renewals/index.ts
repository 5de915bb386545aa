// The renewals module's public face: other modules import only from here (eslint enforces it).
export { annualCostOf, cycleCostOf } from './renewal-view';
export { listRenewalRows, renewalDecisionsOf } from './renewals.repo';
export { getRenewal, renewalsDueBetween, renewalsInNextDays } from './renewals.service';
export type { RenewalInWindow, RenewalsInWindow } from './renewal-figures';
export { presentRenewal } from './renewal-view';
