// Scheduled report delivery (issue 20): its routes are wired in server/routes.ts and its daily step
// and recovery task in server/jobs/index.ts, all given the reports module's renderer.
