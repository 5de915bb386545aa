// Scheduled report delivery (issue 20): the /app/reports/schedules page is reached through its lazy
// route (web/app/routes-app.tsx); report pages put the ScheduleReportButton in their header.
export { ScheduleReportButton } from './components/schedule-report-button';
