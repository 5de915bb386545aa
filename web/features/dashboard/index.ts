// The dashboard feature's public face: the app layer imports only from here (eslint enforces it).
export { dashboardSummaryQuery, useDashboardSummary } from './api/get-dashboard-summary';
export { NextRenewals } from './components/next-renewals';
export { StatCard } from './components/stat-card';
