// The FX rates feature's public face: other features import only from here (eslint enforces it).
import { lazy } from 'react';


/** Settings → Currencies, loaded when first shown. */
export const CurrenciesTab = lazy(() =>
  import('./components/currencies-tab').then((m) => ({ default: m.CurrenciesTab })),
);
