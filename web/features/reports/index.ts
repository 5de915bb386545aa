// Reports (issue 20): the library, each report on screen and the report branding. Reached through
// their lazy routes (web/app/routes-app.tsx); ReportLibraryPage takes header `actions` (e.g. a
// "Scheduled reports" link), ReportScreen each report's (web/app adds "Schedule").
export { ReportLibraryPage } from './components/report-library-page';
export { ReportScreen } from './components/screens';
export { reportUrl } from './api/get-report';
