// The subscriptions module's public face: other modules import only from here (eslint enforces it).
export { appAllowance, assertAppLimit } from './app-limit';
export { derivedCosts, priceTerms } from './subscription-values';
export { listAllSubscriptions } from './subscriptions-query.service';
export { firstRenewalsBetween, liveSpendTotals, renewalCalendarBetween } from './summary.repo';
export type { PresentedSubscription } from './subscriptions.present';
export {
  countAllSubscriptions,
  findForUpdate,
  findSubscription,
  importMatchTargets,
  membersByEmail,
  updateSubscription,
} from './subscriptions.repo';
export type { SubscriptionRow } from './subscriptions.repo';
export { applySubscriptionUpdate, createSubscription } from './subscriptions.service';
