import type { Role } from '@common/roles';

/** One line per role for pickers and the team page (what common/roles `can` allows, in words). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including billing, ownership and deleting the organization.',
  admin: 'Everything except billing and ownership: team, settings and all data.',
  member: 'Adds and edits applications, licenses, expenses and renewals.',
  viewer: 'Read-only access to everything.',
};
