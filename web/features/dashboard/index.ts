// The dashboard feature's public face: other features import only from here (eslint enforces it).
export { dashboardSummaryQuery } from './api/get-dashboard-summary';
