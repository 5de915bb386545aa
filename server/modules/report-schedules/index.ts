// Scheduled report delivery (issue 20): its routes are wired in server/routes.ts and its daily step
// in server/jobs/index.ts, both given the reports module's renderer.
export { reportSchedulesJob, sendDueReports } from './report-schedules.job';
export { reportSchedulesRoutes } from './report-schedules.routes';
export type { RenderReport } from './deliver';
