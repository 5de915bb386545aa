// The sso feature's public face: the app layer imports only from here (eslint enforces it).
// The settings screen is one chunk, loaded when first shown; the login page's button is small and
// ships with it.
import { lazy } from 'react';


/** Settings → Security: the single sign-on connection and the verified domains (Scale). */
export const SecurityTab = lazy(() =>
  import('./components/security-tab').then((m) => ({ default: m.SecurityTab })),
);
