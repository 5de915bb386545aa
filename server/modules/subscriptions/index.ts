// The subscriptions module's public face: other modules import only from here (eslint enforces it).
export { appAllowance, assertAppLimit } from './app-limit';
export { cancellationDay, derivedCosts, priceTerms } from './subscription-values';
export type { PriceFields } from './subscription-values';
export { listAllSubscriptions, priceHistory } from './subscriptions-query.service';
export { firstRenewalsBetween, liveSpendByCurrency, renewalCalendarBetween } from './summary.repo';
export { catalogApplicationsOfAllOrganizations } from './catalog-applications.repo';
export type { PresentedSubscription } from './subscriptions.present';
export {
  applicationNames,
  bulkInsertSubscriptions,
  countAllSubscriptions,
  findForUpdate,
  findSubscription,
  importMatchTargets,
  insertPriceChanges,
  membersByEmail,
  priceChangesOf,
  organizationsWithApplicationsOwnedBy,
  subscriptionExists,
  subscriptionsOf,
  updateSubscription,
} from './subscriptions.repo';
export type { NewPriceChangeRow, NewSubscriptionRow, SubscriptionRow } from './subscriptions.repo';
export { applySubscriptionUpdate, createSubscription } from './subscriptions.service';
