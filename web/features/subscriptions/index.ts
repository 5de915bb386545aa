// The subscriptions feature's public face: the app layer imports only from here (eslint enforces it).
export { useArchiveSubscription } from './api/archive-subscription';
export { useRestoreSubscription } from './api/restore-subscription';
export { useSubscription } from './api/get-subscription';
export { ActivityLog } from './components/activity-log';
export { PriceHistory } from './components/price-history';
export { SubscriptionDialog } from './components/subscription-dialog';
export { SubscriptionOverview } from './components/subscription-overview';
