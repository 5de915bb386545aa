import { getTableColumns } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';

/**
 * Every API key's name as a join-able subquery, revoked ones included (the audit log names the key
 * that made a change long after it was revoked). Join on organization and id from scoped rows.
 */
export function apiKeyNames<A extends string = 'api_key_names'>(alias = 'api_key_names' as A) {
  const { id, organizationId, name } = getTableColumns(apiKeys);
  return subqueryBuilder.select({ id, organizationId, name }).from(apiKeys).as(alias);
}
