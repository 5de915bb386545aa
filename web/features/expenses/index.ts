// The expenses feature's public face: the app layer imports only from here (eslint enforces it).
export { SubscriptionSpend } from './components/subscription-spend';
export { useDiscoveries } from './api/get-discoveries';
export { useExpenses } from './api/get-expenses';
export { DiscoveriesPanel } from './components/discoveries-panel';
export { ExpenseDialog } from './components/expense-dialog';
export { ImportWizard } from './components/import-wizard';
export { Ledger } from './components/ledger';
export { ReviewQueue } from './components/review-queue';
export { SpendChart } from './components/spend-chart';
