// The insights feature's public face: other features import only from here (eslint enforces it).
// Every part of the feature is in one chunk (components/screens.ts), loaded when first shown.
import { lazy } from 'react';

/** The application page's "Savings opportunities" section (Growth and up). */
export const ApplicationOpportunities = lazy(() =>
  import('./components/screens').then((m) => ({ default: m.ApplicationOpportunities })),
);
