import { sql, type SQL } from 'drizzle-orm';

/**
 * Every organization's license pools, as SQL to select from (`from ${…} p`): the installation-wide
 * peer benchmark reads them in raw SQL (issue 33). `seats` is the pool's seat count, or its open
 * assignments when it sets none. The columns are the table's SQL names.
 */
export function licensePoolsOfAllOrganizations(): SQL {
  return sql`(
    select p.id, p.organization_id, p.subscription_id, p.tier_name, p.unit_price_minor, p.billing_cycle,
      p.interval_months, p.currency,
      coalesce(p.seats, (select count(*) from license_assignments a
        where a.organization_id = p.organization_id and a.pool_id = p.id and a.unassigned_at is null)) as seats
    from license_pools p
  )`;
}
