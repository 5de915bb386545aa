// The invoice-forwarding screens, one chunk loaded when the settings tab or the Invoices tab opens.
export { InvoiceForwardingTab } from './invoice-forwarding-tab';
export { InvoiceInbox } from './invoice-inbox';
