// The connectors module's public face (issue 35). Its routes, sync queue and daily step are wired
// from connectors.routes.ts and connectors.job.ts (server/routes.ts, server/app.ts, server/jobs/index.ts).
export { runConnectorSync } from './sync.service';
