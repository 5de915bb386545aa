import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/auth/get-user';
import { dashboardSummaryQuery } from '@/features/dashboard';

/**
 * The first screen's requests, sent at start-up while the route modules still load (instead of
 * one after the other once they have): the session everywhere, the summary on the dashboard.
 */
export function prefetchStartup(client: QueryClient, pathname: string): void {
  void client.prefetchQuery(currentUserQuery());
  if (pathname.replace(/\/$/, '') === '/app') void client.prefetchQuery(dashboardSummaryQuery());
}
