// The insights feature's public face: other features import only from here (eslint enforces it).
// Only lazy components: the dashboard imports this file, and whatever it imports statically would
// join the dashboard's first paint (vite.config.ts puts the dashboard's static imports in its chunk).
import { lazy } from 'react';

/** The dashboard's "Potential savings" card, loaded in its own chunk after the first paint. */
export const PotentialSavingsCard = lazy(() =>
  import('./components/potential-savings-card').then((m) => ({ default: m.PotentialSavingsCard })),
);

/** The application page's "Savings opportunities" section. */
export const ApplicationOpportunities = lazy(() =>
  import('./components/application-opportunities').then((m) => ({ default: m.ApplicationOpportunities })),
);
