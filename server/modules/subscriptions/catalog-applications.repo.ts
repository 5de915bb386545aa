import { sql, type SQL } from 'drizzle-orm';
import { liveStatusList } from '../../db/live-applications';

/**
 * Every organization's applications linked to the catalogue, as SQL to select from (`from ${…} s`):
 * the installation-wide peer benchmark reads them in raw SQL (issue 33). `live` keeps only live
 * (active or trial), unarchived applications. The columns are the table's SQL names.
 */
export function catalogApplicationsOfAllOrganizations({ live }: { live: boolean }): SQL {
  return sql`(
    select id, organization_id, catalog_slug, pricing_model, unit_price_minor, amount_minor, seats,
      billing_cycle, interval_months, currency
    from subscriptions
    where catalog_slug is not null${live ? sql` and archived_at is null and status in ${liveStatusList}` : sql``}
  )`;
}
