import { sql, type SQL } from 'drizzle-orm';

/**
 * The ids of the organizations whose data is kept up to date (account not locked or trial_expired),
 * as SQL to select from (`from ${…} o`), for installation-wide raw SQL (the peer benchmark, issue 33).
 */
export function organizationsKeptUpToDate(): SQL {
  return sql`(select id from organizations where account_status not in ('locked', 'trial_expired'))`;
}
