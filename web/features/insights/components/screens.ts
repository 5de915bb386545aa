// Everything of the feature in one chunk: the three screens (routes-app.tsx), the dashboard's card
// and the application page's section (both lazy). The router's entry and the dashboard then name
// one file for insights, not one per shared piece: their first paint stays within its budget.
export { ApplicationOpportunities } from './application-opportunities';
export { InsightDetailPage } from './insight-detail-page';
export { InsightsPage } from './insights-page';
export { OptimizePage } from './optimize-page';
export { PotentialSavingsCard } from './potential-savings-card';
