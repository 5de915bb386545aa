// The insights feature's public face: other features import only from here (eslint enforces it).
import { lazy } from 'react';
export { insightKeys } from './api/keys';
export { ApplicationOpportunities } from './components/application-opportunities';
export { OPPORTUNITY_TYPE_LABELS } from './labels';
// The dashboard's card loads in its own chunk after the dashboard's first paint.
export const PotentialSavingsCard = lazy(() =>
  import('./components/potential-savings-card').then((m) => ({ default: m.PotentialSavingsCard })),
);
