// Reports (issue 20): the report library and its renderers. Scheduled delivery renders through
// renderReport; the routes are wired in server/routes.ts.
export { renderReport, type RenderedReport } from './render-report';
// Other documents (the negotiation pack) wear the same frame and branding as the reports.
export { readLogo, resolveBranding } from './report-branding';
