// The renewals module's public face: other modules import only from here (eslint enforces it).
export { annualCostOf, cycleCostOf } from './renewal-view';
export { listRenewalRows, renewalDecisionsOf } from './renewals.repo';
export { getRenewal, renewalsDueBetween } from './renewals.service';
