// SCIM list filters as SQL conditions: equality terms (scim-filter.ts) joined by `and`.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { scimGroups } from '../../db/schema';
import type { peopleOf } from '../people';
import type { EqualityTerm } from './scim-filter';
import { isUuid } from './scim-list';
import { hasMember } from './scim.repo';

/** Users matching every term (userName, emails.value, externalId, id, active), on the joined person. */
export function usersMatching(terms: EqualityTerm[]) {
  return (person: ReturnType<typeof peopleOf>): SQL | undefined =>
    and(
      ...terms.map(({ attribute: name, value }) => {
        const text = typeof value === 'string' ? value : null;
        switch (name) {
          case 'userName':
          case 'emails':
          case 'emails.value':
            return text === null ? sql`false` : sql`lower(${person.email}) = ${text.toLowerCase()}`;
          case 'externalId':
            return text === null ? sql`${person.externalId} is null` : eq(person.externalId, text);
          case 'id':
            return text !== null && isUuid(text) ? eq(person.id, text) : sql`false`;
          default:
            return eq(person.status, value === true ? 'active' : 'offboarded');
        }
      }),
    );
}

/** Groups matching every term (displayName, externalId, id, members.value); undefined for none. */
export function groupsMatching(orgId: string, terms: EqualityTerm[]): SQL | undefined {
  const conditions: SQL[] = terms.map(({ attribute: name, value }) => {
    const text = typeof value === 'string' ? value : null;
    if (text === null) return sql`false`;
    if (name === 'displayName') return sql`lower(${scimGroups.displayName}) = ${text.toLowerCase()}`;
    if (name === 'externalId') return eq(scimGroups.externalId, text);
    if (!isUuid(text)) return sql`false`;
    return name === 'id' ? eq(scimGroups.id, text) : hasMember(orgId, text);
  });
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

export const groupWithId = (id: string): SQL => eq(scimGroups.id, id);
