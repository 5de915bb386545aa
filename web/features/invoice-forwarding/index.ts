// The invoice-forwarding feature's public face: other features import only from here (eslint enforces it).
// The screens are one chunk (components/screens.ts), loaded when first shown: not with the first paint.
import { lazy } from 'react';

export { invoiceForwardingKeys } from './api/keys';
export { useInboxCounts } from './api/get-inbound-messages';

/** Settings → Invoice forwarding. */
export const InvoiceForwardingTab = lazy(() =>
  import('./components/screens').then((m) => ({ default: m.InvoiceForwardingTab })),
);

/** Expenses → Invoices: the inbox of received messages. */
export const InvoiceInbox = lazy(() =>
  import('./components/screens').then((m) => ({ default: m.InvoiceInbox })),
);
