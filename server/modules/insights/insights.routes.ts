import type { App } from '../../types';

/** Insights and Optimize need Growth (spec §6): every route is gated on the 'insights' feature. */
export async function insightsRoutes(app: App) {
  void app;
  // Routes: GET /insights, GET /insights/summary, GET/PATCH /insights/settings, GET/PATCH
  // /insights/:id, POST /insights/:id/comments (insights.service.ts) and POST /insights/refresh
  // (generate.ts).
}
