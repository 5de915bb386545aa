// A live application: paid for and in use, i.e. active or on trial and not archived. Paused and
// cancelled applications neither bill nor renew. One definition for totals, renewals, insights,
// benchmarks and the SQL filters in server/db/live-applications.ts.

export const LIVE_STATUSES = ['active', 'trial'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export function isLiveStatus(status: string): status is LiveStatus {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/** `archived` (snapshots and rollups) or `archivedAt` (stored rows), whichever the shape carries. */
export function isLiveApplication(app: {
  status: string;
  archived?: boolean;
  archivedAt?: unknown;
}): boolean {
  return !app.archived && app.archivedAt == null && isLiveStatus(app.status);
}
